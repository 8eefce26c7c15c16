; PowerShell.
(function_statement (function_name) @name) @definition.function
(class_statement (simple_name) @name) @definition.class
(class_method_definition (simple_name) @name) @definition.method
(class_property_definition (variable) @name) @definition.property
(command command_name: (command_name) @_c (#eq? @_c "Import-Module") command_elements: (command_elements (generic_token) @import.source)) @import
(command command_name: (command_name) @name) @reference.call
