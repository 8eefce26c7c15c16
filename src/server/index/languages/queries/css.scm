; CSS: class and id selectors, custom properties and keyframes are what other files refer to.
(class_selector (class_name) @name) @definition.class
(id_selector (id_name) @name) @definition.variable
(declaration (property_name) @name (#match? @name "^--")) @definition.property
(keyframes_statement (keyframes_name) @name) @definition.constant
(import_statement [(string_value) (call_expression (arguments (string_value)))] @import.source) @import
(call_expression (function_name) @_v (#eq? @_v "var") (arguments (plain_value) @name)) @reference.value
