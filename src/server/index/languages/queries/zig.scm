; Zig: `const X = struct {...}` declares a type; `@import` binds a module.
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (union_declaration)) @definition.struct
(variable_declaration (identifier) @name (builtin_function (builtin_identifier) @_i (#eq? @_i "@import") (arguments (string (string_content) @import.source)))) @import
(variable_declaration (identifier) @import.alias (builtin_function (builtin_identifier) @_i (#eq? @_i "@import") (arguments (string (string_content) @import.source)))) @import
(source_file (variable_declaration (identifier) @name) @definition.constant)
(function_declaration name: (identifier) @name) @definition.function
(container_field name: (identifier) @name) @definition.field
(test_declaration (string (string_content) @name)) @definition.function

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression object: (_) @receiver member: (identifier) @name)) @reference.call
(struct_initializer (identifier) @name) @reference.new
