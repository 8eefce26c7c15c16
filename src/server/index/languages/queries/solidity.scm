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
(state_variable_declaration name: (identifier) @name) @definition.field
(struct_member name: (identifier) @name) @definition.field

(import_directive import_name: (identifier) @import.name source: (string) @import.source) @import
(import_directive source: (string) @import.source) @import

(inheritance_specifier ancestor: (user_defined_type (identifier) @name .)) @reference.extends
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression object: (_) @receiver property: (identifier) @name)) @reference.call
(emit_statement name: (identifier) @name) @reference.call
(modifier_invocation (identifier) @name) @reference.call
(user_defined_type (identifier) @name) @reference.type
