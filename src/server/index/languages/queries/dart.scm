; Dart. A method's body is the sibling after its signature (@body widens the symbol to it).

; ── definitions ──
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.trait
(extension_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.enum_member
(type_alias (type_identifier) @name) @definition.type
((method_signature [(function_signature name: (identifier) @name) (getter_signature name: (identifier) @name) (setter_signature name: (identifier) @name)]) @definition.method . (function_body) @body)
((function_signature name: (identifier) @name) @definition.function . (function_body) @body)
(declaration (function_signature name: (identifier) @name)) @definition.method
(constructor_signature name: (identifier) @name) @definition.constructor
(factory_constructor_signature (identifier) @name) @definition.constructor
(class_body (declaration (initialized_identifier_list (initialized_identifier (identifier) @name))) @definition.field)

; ── imports ──
(import_specification (configurable_uri (uri) @import.source) . (identifier) @import.alias) @import
(import_specification (configurable_uri (uri) @import.source) (combinator (identifier) @import.name)) @import
(import_specification (configurable_uri (uri) @import.source)) @import

; ── heritage ──
(superclass (type_identifier) @name) @reference.extends
(mixins (type_identifier) @name) @reference.implements
(interfaces (type_identifier) @name) @reference.implements

; ── calls: `f(...)`, `a.f(...)` ──
((identifier) @name . (selector (argument_part))) @reference.call
((selector (unconditional_assignable_selector (identifier) @name)) . (selector (argument_part))) @reference.call
(new_expression (type_identifier) @name) @reference.new
(type_identifier) @reference.type
(argument (identifier) @name) @reference.value
