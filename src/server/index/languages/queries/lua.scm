; Lua (tree-sitter-grammars' grammar). `local` definitions are private; `function M.f` / `function
; M:f` and `M.f = function` are qualified by their table, as are the functions of a table written
; out (`local M = { f = function() end }`). A table a file keeps at its top level (`local M = {}`)
; is a variable, and the table a module returns (`return M`) is what it exports.

; local function f() / local f = function() end (before the general patterns: lowest pattern wins)
; (a `local_declaration:` field under its parent matches only the parent's first: match the keyword)
((function_declaration "local" name: (identifier) @name) @definition.function (#set! visibility private))
((variable_declaration (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition)))) @definition.function (#set! visibility private))

(function_declaration name: (identifier) @name) @definition.function
(function_declaration name: (dot_index_expression table: (_) @scope field: (identifier) @name)) @definition.function
(function_declaration name: (method_index_expression table: (_) @scope method: (identifier) @name)) @definition.method

; M.f = function() end, f = function() end
(assignment_statement
  (variable_list . name: (dot_index_expression table: (_) @scope field: (identifier) @name))
  (expression_list . value: (function_definition))) @definition.function
(assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_definition))) @definition.function

; local M = { f = function() end }: at the top level inside the symbol M (below), elsewhere by its table
(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier))
  (expression_list . value: (table_constructor (field name: (identifier) @name value: (function_definition)) @definition.function)))))
(chunk (assignment_statement
  (variable_list . name: (identifier))
  (expression_list . value: (table_constructor (field name: (identifier) @name value: (function_definition)) @definition.function))))
(assignment_statement
  (variable_list . name: [(identifier) (dot_index_expression)] @scope)
  (expression_list . value: (table_constructor
    (field name: (identifier) @name value: (function_definition)) @definition.function)))

; a table or a value made at the file's top level: `local M = {}`, `M = {}`, `local T = rawget(x,
; 'T') or {}`, `local List = class()`; not an alias (`local insert = table.insert`), not a module
((chunk (variable_declaration (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: [(table_constructor) (binary_expression right: (table_constructor))]))) @definition.variable)
  (#set! visibility private))
((chunk (variable_declaration (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_call name: (_) @_f)))) @definition.variable)
  (#not-eq? @_f "require") (#set! visibility private))
(chunk (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: [(table_constructor) (binary_expression right: (table_constructor))])) @definition.variable)

; the module is what it returns
(chunk (return_statement (expression_list . (identifier) @export.default)))
; `util.printerr = core.printerr`: a member that is another module's (`export util.printerr`,
; followed where `util` is the table the module returns)
(chunk (assignment_statement
  (variable_list . name: (dot_index_expression table: (identifier) field: (identifier)) @export.alias)
  (expression_list . value: (dot_index_expression table: (identifier) field: (identifier)) @export.name)))

; `local m = require("m")`, `local m = require "m"`, `require("m")`
(variable_declaration (assignment_statement
  (variable_list . name: (identifier) @import.alias)
  (expression_list . value: (function_call
    name: (identifier) @_r
    arguments: (arguments . (string) @import.source))))
  (#eq? @_r "require")) @import
((function_call
  name: (identifier) @_r
  arguments: (arguments . (string) @import.source)) @import
  (#eq? @_r "require"))

; `local assert_arg, raise = utils.assert_arg, utils.raise` of a module `utils` required whole:
; imports of its members (the first three of a list)
(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) @import.alias)
  (expression_list . value: (dot_index_expression table: (identifier) @import.module field: (identifier) @import.name)))) @import)
(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) . name: (identifier) @import.alias)
  (expression_list . value: (_) . value: (dot_index_expression table: (identifier) @import.module field: (identifier) @import.name)))) @import)
(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) . name: (identifier) . name: (identifier) @import.alias)
  (expression_list . value: (_) . value: (_) . value: (dot_index_expression table: (identifier) @import.module field: (identifier) @import.name)))) @import)

(function_call name: (identifier) @name) @reference.call
(function_call name: (dot_index_expression table: (_) @receiver field: (identifier) @name)) @reference.call
(function_call name: (method_index_expression table: (_) @receiver method: (identifier) @name)) @reference.call

; ── types of names: a local given what a call returns (`local p = Point.new(1, 2)`); a table's
; constructor (a function of it that calls `setmetatable`, `local self = setmetatable({}, Point)`
; or `setmetatable(o, self)`) returns an instance of the table (rules.ts tableTypes) ──
(variable_declaration (assignment_statement (variable_list . name: (identifier) @binding.name .) (expression_list . value: (function_call name: (_) @_f) @binding.value .)) (#not-any-of? @_f "setmetatable" "require")) @binding
; `local self = setmetatable({}, Point)`: an instance of Point
(variable_declaration (assignment_statement (variable_list . name: (identifier) @binding.name .) (expression_list . value: (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @binding.type .)) .)) (#eq? @_s "setmetatable")) @binding
; (the metatable is the table itself or `self`: `setmetatable({x = x}, Vec)` in M.vec makes no M)
(function_declaration
  name: [(dot_index_expression table: (identifier) @binding.type field: (identifier) @binding.returns)
         (method_index_expression table: (identifier) @binding.type method: (identifier) @binding.returns)]
  body: (block [(function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))
                (variable_declaration (assignment_statement (expression_list value: (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .)))))
                (assignment_statement (expression_list value: (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))))
                (return_statement (expression_list (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))))])
  (#eq? @_s "setmetatable") (#eq? @_mt @binding.type)) @binding
(function_declaration
  name: (method_index_expression table: (identifier) @binding.type method: (identifier) @binding.returns)
  body: (block [(function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))
                (variable_declaration (assignment_statement (expression_list value: (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .)))))
                (assignment_statement (expression_list value: (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))))
                (return_statement (expression_list (function_call name: (identifier) @_s arguments: (arguments (_) . (identifier) @_mt .))))])
  (#eq? @_s "setmetatable") (#eq? @_mt "self")) @binding
