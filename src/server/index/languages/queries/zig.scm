; Zig: `const X = struct {...}` declares a type; `@import` binds a module.
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (union_declaration)) @definition.struct
(variable_declaration (identifier) @name (builtin_function (builtin_identifier) @_i (#eq? @_i "@import") (arguments (string (string_content) @import.source)))) @import
(variable_declaration (identifier) @import.alias (builtin_function (builtin_identifier) @_i (#eq? @_i "@import") (arguments (string (string_content) @import.source)))) @import
; `const Fe = @import("field.zig").Fe;`: the name Fe that file declares
(variable_declaration (identifier) @import.alias (field_expression object: (builtin_function (builtin_identifier) @_i (#eq? @_i "@import") (arguments (string (string_content) @import.source))) member: (identifier) @import.name)) @import
(source_file (variable_declaration (identifier) @name) @definition.constant)
(function_declaration name: (identifier) @name) @definition.function
(container_field name: (identifier) @name) @definition.field
(test_declaration (string (string_content) @name)) @definition.function

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression object: (_) @receiver member: (identifier) @name)) @reference.call
(struct_initializer (identifier) @name) @reference.new

; ── types of names: parameters (`self: *const Self`), fields, typed locals, a function's result;
; an untyped local is what it is given (`var list = std.ArrayList(u8).init(gpa)`) ──
(parameter name: (identifier) @binding.name type: (_) @binding.type) @binding
(container_field name: (identifier) @binding.name type: (_) @binding.type) @binding
(variable_declaration (identifier) @binding.name type: (_) @binding.type) @binding
(function_declaration name: (identifier) @binding.returns type: (_) @binding.type) @binding
(variable_declaration (identifier) @binding.name . [(call_expression) (field_expression)] @binding.value) @binding
; `const Self = @This();`: the struct around it, or the file (a file is a struct): ResolveRules.thisType
(variable_declaration (identifier) @binding.name . (builtin_function (builtin_identifier) @_b (#eq? @_b "@This")) @binding.value) @binding
