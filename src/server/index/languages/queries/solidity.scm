; Solidity.
(contract_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.module
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(enum_value) @name @definition.enum_member
(function_definition name: (identifier) @name) @definition.function
(constructor_definition "constructor" @name) @definition.constructor
(modifier_definition name: (identifier) @name) @definition.function
(event_definition name: (identifier) @name) @definition.type
(error_declaration name: (identifier) @name) @definition.type
(user_defined_type_definition name: (identifier) @name) @definition.type
(state_variable_declaration name: (identifier) @name) @definition.field
(struct_member name: (identifier) @name) @definition.field

(import_directive import_name: (identifier) @import.name source: (string) @import.source) @import
(import_directive source: (string) @import.source) @import

(inheritance_specifier ancestor: (user_defined_type (identifier) @name .)) @reference.extends
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (new_expression name: (type_name (user_defined_type (identifier) @name .)))) @reference.new
(call_expression function: (member_expression object: (_) @receiver property: (identifier) @name)) @reference.call
; `emit Done(v)`, `revert Bad(v)`: an event's or error's declaration, which typeConversions
; (rules.ts) reads as what the call makes
(emit_statement name: (identifier) @name) @reference.call
(emit_statement name: (member_expression object: (_) @receiver property: (identifier) @name)) @reference.call
(revert_statement error: (identifier) @name) @reference.call
(revert_statement error: (member_expression object: (_) @receiver property: (identifier) @name)) @reference.call
(modifier_invocation (identifier) @name) @reference.call
(user_defined_type (identifier) @name) @reference.type

; ── types of names: parameters, state variables, locals, a function's one result ──
(parameter type: (type_name (user_defined_type)) @binding.type name: (identifier) @binding.name) @binding
(state_variable_declaration type: (type_name (user_defined_type)) @binding.type name: (identifier) @binding.name) @binding
(variable_declaration type: (type_name (user_defined_type)) @binding.type name: (identifier) @binding.name) @binding
(struct_member type: (type_name (user_defined_type)) @binding.type name: (identifier) @binding.name) @binding
(function_definition name: (identifier) @binding.returns return_type: (return_type_definition . (parameter type: (type_name (user_defined_type)) @binding.type) .)) @binding
; `using L for T;` (in a contract, or at a file's top level): L's functions are members of what
; it names (binding `using` -> L, one per directive; resolve.ts attachedMember)
(using_directive "using" @binding.name (type_alias (identifier) @binding.type)) @binding
