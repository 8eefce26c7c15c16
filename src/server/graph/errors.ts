// An argument the graph cannot work with (the MCP layer answers it as JSON-RPC -32602, naming the field).
export class ArgumentError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}
