; Bash: functions, commands that call them, `source` / `.` files.
(function_definition name: (word) @name) @definition.function
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(command name: (command_name (word) @_s) argument: [(word) (string (string_content)) (raw_string)] @import.source (#any-of? @_s "source" ".")) @import
(command name: (command_name (word) @name)) @reference.call
