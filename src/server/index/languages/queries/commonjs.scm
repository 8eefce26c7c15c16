; CommonJS as JavaScript writes it and TypeScript compiles to it: `exports.f = ...`,
; `module.exports = ...`, `Object.defineProperty(exports, ...)`, `await (0, mod_1.f)(x)`. Read by
; JavaScript only, after prototypes.scm and before ecma.scm (so these win over its general patterns
; for the same names, as they did when they were part of it). A TypeScript source writes `export`
; instead, and its query does not pay for these (each pattern under an expression costs its
; compile 2-15 ms in each worker). `require` stays in ecma.scm: TypeScript uses it too.

; CommonJS `exports.f = function () {}` / `module.exports.f = ...`
(expression_statement
  (assignment_expression
    left: (member_expression object: [(identifier) @_e (member_expression property: (property_identifier) @_e)] property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#eq? @_e "exports")) @definition.function

; `exports.default = Settings` (TypeScript's CommonJS output): `default` is Settings
(expression_statement
  (assignment_expression
    left: (member_expression object: [(identifier) @_e (member_expression property: (property_identifier) @_e)] property: (property_identifier) @export.alias)
    right: (identifier) @export.name)
  (#eq? @_e "exports"))
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_e property: (property_identifier) @export.name))
  (#eq? @_e "exports"))
; TypeScript's CommonJS re-export, `Object.defineProperty(exports, "X", { get: function () {
; return mod_1.Y; } })`: X is the Y of the module mod_1 holds
(call_expression
  function: (member_expression object: (identifier) @_o property: (property_identifier) @_d)
  arguments: (arguments . (identifier) @_e . (string (string_fragment) @export.alias) . (object (pair
    key: (property_identifier) @_g
    value: (function_expression body: (statement_block . (return_statement (member_expression object: (identifier) property: (property_identifier)) @export.name) .)))))
  (#eq? @_o "Object") (#eq? @_d "defineProperty") (#eq? @_e "exports") (#eq? @_g "get"))
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_m property: (property_identifier) @_x)
    right: (object (shorthand_property_identifier) @export.name))
  (#eq? @_m "module") (#eq? @_x "exports"))
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_m property: (property_identifier) @_x)
    right: (identifier) @export.default)
  (#eq? @_m "module") (#eq? @_x "exports"))

; a module, not a classic script (ecma.scm's @module): it assigns to `module.exports` or `exports`
(assignment_expression left: (member_expression object: [(identifier) @_m (member_expression object: (identifier) @_m)]) (#any-of? @_m "module" "exports")) @module

; (the grammar reads `await (0, mod_1.f)(x)` as `await(0, mod_1.f)` called with x: no call of `await`)
(call_expression function: (call_expression function: (identifier) @name arguments: (arguments . (number) . (member_expression) .)) (#eq? @name "await")) @noref

; `await (0, mod_1.f)(x)` (ecma.scm's `(0, mod_1.f)(x)`), read by the grammar as `await(0, mod_1.f)`
; called with x (TypeScript's grammar reads it right)
(call_expression function: (call_expression function: (identifier) @_await arguments: (arguments . (number) . (member_expression object: (_) @receiver property: (property_identifier) @name) .)) (#eq? @_await "await")) @reference.call
