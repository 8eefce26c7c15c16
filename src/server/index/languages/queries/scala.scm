; Scala.
(package_clause name: (package_identifier) @package)

; ── definitions ──
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(template_body (val_definition pattern: (identifier) @name) @definition.property)
(template_body (var_definition pattern: (identifier) @name) @definition.property)
(compilation_unit (val_definition pattern: (identifier) @name) @definition.constant)
(type_definition name: (type_identifier) @name) @definition.type

; ── imports ──
(import_declaration path: (stable_identifier (identifier) @import.name .) @import.source .) @import
(import_declaration path: (identifier) @import.name @import.source .) @import
(import_declaration path: (_) @import.source (import_selectors [(identifier) @import.name (renamed_identifier name: (_) @import.name alias: (_) @import.alias)])) @import
(import_declaration path: (_) @import.source (wildcard) @import.wildcard) @import

; ── heritage ──
(extends_clause type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (compound_type base: (type_identifier) @name)]) @reference.extends
(extends_clause type: (compound_type extra: (type_identifier) @name)) @reference.implements

; ── calls ──
(instance_expression (call_expression function: (identifier) @name)) @reference.new
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (identifier) @name)) @reference.call
(type_identifier) @reference.type
(arguments (identifier) @name) @reference.value
