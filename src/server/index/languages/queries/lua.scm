; Lua. `local function` is private; `function M.f` / `function M:f` are qualified by their table.
((local_function_definition_statement name: (identifier) @name) @definition.function (#set! visibility private))
(function_definition_statement name: (identifier) @name) @definition.function
(function_definition_statement name: (variable table: (_) @scope field: (identifier) @name)) @definition.function
(function_definition_statement name: (variable table: (_) @scope method: (identifier) @name)) @definition.method
((local_variable_declaration (variable_list (variable name: (identifier) @name)) (expression_list value: (function_definition))) @definition.function (#set! visibility private))

; `local m = require("m")`, `require "m"`
(local_variable_declaration
  (variable_list . (variable name: (identifier) @import.alias))
  (expression_list . (call function: (variable name: (identifier) @_r) arguments: (argument_list [(string) @import.source (expression_list . (string) @import.source)])))
  (#eq? @_r "require")) @import
(call function: (variable name: (identifier) @_r) arguments: (argument_list [(string) @import.source (expression_list . (string) @import.source)]) (#eq? @_r "require")) @import

(call function: (variable name: (identifier) @name)) @reference.call
(call function: (variable table: (_) @receiver field: (identifier) @name)) @reference.call
(call function: (variable table: (_) @receiver method: (identifier) @name)) @reference.call
