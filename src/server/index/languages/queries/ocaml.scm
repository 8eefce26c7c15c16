; OCaml.
(value_definition (let_binding pattern: (value_name) @name (parameter))) @definition.function
(value_definition (let_binding pattern: (value_name) @name body: [(fun_expression) (function_expression)])) @definition.function
(value_definition (let_binding pattern: (value_name) @name)) @definition.variable
(type_definition (type_binding name: (type_constructor) @name)) @definition.type
(constructor_declaration (constructor_name) @name) @definition.enum_member
(module_definition (module_binding name: (module_name) @name)) @definition.module
(module_type_definition name: (module_type_name) @name) @definition.interface
(class_definition (class_binding name: (class_name) @name)) @definition.class
(method_definition name: (method_name) @name) @definition.method

(open_module (module_path) @import.source) @import

(application_expression function: (value_path (value_name) @name .)) @reference.call
(application_expression function: (value_path (module_path) @receiver (value_name) @name)) @reference.call
