; Shared by JavaScript, TypeScript and TSX (the node names all three grammars have).
; Capture scheme: see ../table.ts. Within a file, earlier patterns win over later ones for the
; same name node, so specific patterns come first.

; ── definitions ──
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
; an object given to a name or a namespace (`api = {...}`, `App.util = { format() {} }`): its
; functions are that object's (not CommonJS's exports, nor a prototype: prototypes.scm)
(assignment_expression
  left: [(identifier) (member_expression object: [(identifier) (member_expression object: (identifier))] property: (property_identifier) @_last)] @scope
  right: (object [
    (pair key: (property_identifier) @name value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)])
    (method_definition name: (property_identifier) @name)] @definition.method)
  (#not-any-of? @scope "exports" "module.exports") (#not-eq? @_last "prototype"))
(method_definition name: (_) @name) @definition.method
; `{ f: function () {}, g: (x) => ... }` given a name, exported, assigned, returned or nested in
; such an object (Vue's `methods: {...}`): as `{ f() {} }`; not an options object passed to a call
; (`match(e, { onLeft: (l) => ... })`), whose functions are callbacks, except a component's
((object (pair key: (property_identifier) @name value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)]) @definition.method) @_in
  (#set! in.parent "variable_declarator assignment_expression return_statement export_statement:value pair"))
(call_expression
  function: [(identifier) @_f (member_expression property: (property_identifier) @_f)]
  arguments: (arguments (object (pair key: (property_identifier) @name value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)]) @definition.method))
  (#any-of? @_f "defineComponent" "extend" "component" "mixin" "assign" "create" "defineProperties"))

; `const f = () => ...` / `function` expressions bound to a name, at any depth
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)]) @definition.function
(variable_declarator
  name: (identifier) @name
  value: (class body: (_) @body)) @definition.class

; `export default { ... }`, `defineComponent({ ... })`, `Vue.extend({ ... })` (a Vue component's
; options): a constant named `default`, what the language calls it; its methods are its members
(program (export_statement "default" @name value: (object)) @definition.constant)
(program (export_statement "default" @name
  value: (call_expression function: [(identifier) @_f (member_expression property: (property_identifier) @_f)] arguments: (arguments . (object) .))
  (#any-of? @_f "defineComponent" "extend")) @definition.constant)

; top-level variables and constants
(program (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant))
(program (export_statement declaration: (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)))
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))

; `Foo.prototype.bar = function () {}`: a method of Foo (`NS.Foo.prototype.bar`: of NS.Foo);
; `res.send = function send() {}`,
; `fn.setLayout = (layout) => {...}`: a function an object is given, at any depth
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression object: [(identifier) (member_expression)] @scope property: (property_identifier) @_p)
      property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#eq? @_p "prototype")) @definition.method
; (`App.util.format = function`: of App.util, a namespace in a namespace, three deep at most)
(expression_statement
  (assignment_expression
    left: (member_expression object: [(identifier) (member_expression object: [(identifier) (member_expression object: (identifier))])] @scope property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#not-any-of? @scope "exports" "module" "module.exports")) @definition.method

; ── imports and exports ──
(import_statement (import_clause (identifier) @import.default) source: (string) @import.source) @import
(import_statement (import_clause (namespace_import (identifier) @import.alias)) source: (string) @import.source) @import
(import_statement (import_clause (named_imports) @import.names) source: (string) @import.source) @import
(import_statement source: (string) @import.source) @import

(export_statement (export_clause) @import.names source: (string) @import.source) @reexport
(export_statement "*" @import.wildcard source: (string) @import.source) @reexport
(export_statement (namespace_export (_) @import.alias) source: (string) @import.source) @reexport
(export_statement source: (string) @import.source) @reexport

(export_statement (export_clause (export_specifier name: _ @export.name alias: (_)? @export.alias)) !source)
(export_statement value: (identifier) @export.default)
(export_statement "default" @export.default value: (object))
(export_statement "default" @export.default
  value: (call_expression function: [(identifier) @_f (member_expression property: (property_identifier) @_f)] arguments: (arguments . (object) .))
  (#any-of? @_f "defineComponent" "extend"))
(export_statement "default" declaration: [(function_declaration name: (identifier) @export.default) (class_declaration name: (_) @export.default)])
; CommonJS: `const m = require('m')`, `const { a, b: c } = require('m')`, `const a = require('m').a`,
; bare `require('m')`
(variable_declarator
  name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.source))
  (#eq? @_req "require")) @import
(variable_declarator
  name: (object_pattern [
    (shorthand_property_identifier_pattern) @import.name
    (pair_pattern key: (_) @import.name value: (identifier) @import.alias)])
  value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.source))
  (#eq? @_req "require")) @import
(variable_declarator
  name: (identifier) @import.alias
  value: (member_expression
    object: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.source))
    property: (property_identifier) @import.name)
  (#eq? @_req "require")) @import
(call_expression function: (identifier) @_req arguments: (arguments . (string) @import.source) (#eq? @_req "require")) @import @module
(call_expression function: (import) arguments: (arguments . (string) @import.source)) @import

; a module, not a classic script (whose top-level names are globals): an import or export at the
; top level (not a `.d.ts`'s `declare module 'x' { export ... }`), CommonJS's `require('m')` (the
; import pattern above) and, in JavaScript, what it assigns to `module.exports` or `exports`
; (commonjs.scm). (A text predicate
; is tested in JavaScript on every candidate match, so these keep to few: not every `a.b` or call.)
(program [(import_statement) (export_statement)] @module)

; ── references ──
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (member_expression object: (_) @receiver property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
; `(0, mod_1.f)(x)`: calling mod_1.f unbound (compiled CommonJS; `(0, eval)(s)` written by hand)
(call_expression function: (parenthesized_expression (sequence_expression (number) . (member_expression object: (_) @receiver property: (property_identifier) @name) .))) @reference.call
(call_expression function: (parenthesized_expression (sequence_expression (number) . (identifier) @name .))) @reference.call
(new_expression constructor: (identifier) @name) @reference.new
(new_expression constructor: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.new
(decorator (identifier) @name) @reference.call
(decorator (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call

; values: functions passed or stored by name
; (an injected expression that is one name: a Vue template's `@click="hide"`, `{{ total }}`)
(program . (expression_statement (identifier) @name) .) @reference.value
(arguments (identifier) @name) @reference.value
(shorthand_property_identifier) @reference.value
(assignment_expression right: (identifier) @name) @reference.value
; a Vue component's `extends: Base` and `mixins: [A, B]`: it has their members
(program (export_statement "default" [(object (pair key: (property_identifier) @_k value: (identifier) @name)) (call_expression arguments: (arguments (object (pair key: (property_identifier) @_k value: (identifier) @name))))] (#eq? @_k "extends"))) @reference.extends
(program (export_statement "default" [(object (pair key: (property_identifier) @_k value: (array (identifier) @name))) (call_expression arguments: (arguments (object (pair key: (property_identifier) @_k value: (array (identifier) @name)))))] (#eq? @_k "mixins"))) @reference.extends
(pair value: (identifier) @name) @reference.value

; ── typed names: `const x = new Foo()`, `this.x = new Foo()` ──
; a getter is a field of what it returns (`get root() { return this.nodes[0]; }`; its declared
; type in typescript.scm): the binding is the class's, read there
(class_body (method_definition "get" name: (property_identifier) @binding.name body: (statement_block . (return_statement [(identifier) (member_expression) (subscript_expression) (call_expression) (new_expression)] @binding.value) .))) @binding
; narrowing: `if (x instanceof Foo) x.bar()`, `e instanceof errors_1.OAuthError`
(binary_expression left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.type) @binding
(variable_declarator name: (identifier) @binding.name value: (new_expression constructor: (_) @binding.type)) @binding
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @binding.member) right: (new_expression constructor: (_) @binding.type)) @binding
(variable_declarator name: (identifier) @binding.name value: (array . (comment)* . (new_expression constructor: (_) @binding.elements))) @binding
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @binding.member) right: (array . (comment)* . (new_expression constructor: (_) @binding.elements))) @binding
(variable_declarator name: (identifier) @binding.name value: (ternary_expression [consequence: (new_expression constructor: (_) @binding.type) alternative: (new_expression constructor: (_) @binding.type)])) @binding
; a fluent method (`return this;` in its body): `v.copy(a).add(b)` is v's class's `add`
(method_definition name: (property_identifier) @binding.returns body: (statement_block (return_statement (this) @binding.type))) @binding
; the object a function returns, where the function stands for its type (a factory: the
; @binding.returns of javascript.scm and typescript.scm): a property given a value (`getToken:
; make()`) is its binding `.getToken`; an object spread in (`...base`) lends it its members
(statement_block (return_statement (object (pair key: (property_identifier) @binding.returned value: [(call_expression) (new_expression) (member_expression)] @binding.value))) @binding)
(statement_block (return_statement (object (spread_element (_) @binding.value) @binding.spread)) @binding)
(arrow_function body: (parenthesized_expression (object (pair key: (property_identifier) @binding.returned value: [(call_expression) (new_expression) (member_expression)] @binding.value))) @binding)
(arrow_function body: (parenthesized_expression (object (spread_element (_) @binding.value) @binding.spread)) @binding)
; destructured names: `const { a, b: c } = expr`: that member of the value (a call of `a` is the
; value's member `a`: resolve.ts destructuredCall)
(variable_declarator name: (object_pattern [(shorthand_property_identifier_pattern) @binding.name (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name)]) value: (_) @binding.of) @binding
