; ReScript.
(let_declaration (let_binding pattern: (value_identifier) @name body: (function))) @definition.function
(let_declaration (let_binding pattern: (value_identifier) @name)) @definition.variable
(type_declaration (type_binding name: (type_identifier) @name)) @definition.type
(module_declaration (module_binding name: (module_identifier) @name)) @definition.module
(external_declaration (value_identifier) @name) @definition.function

(open_statement (module_identifier) @import.source) @import

(call_expression function: (value_identifier) @name) @reference.call
(call_expression function: (value_identifier_path (module_identifier) @receiver (value_identifier) @name)) @reference.call
