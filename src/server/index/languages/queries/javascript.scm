; JavaScript / JSX (after ecma.scm).
(field_definition
  property: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(field_definition property: (_) @name) @definition.property
; `this.render = function () {}` in a constructor or a constructor function: a method of its class
(expression_statement
  (assignment_expression
    left: (member_expression object: (this) @scope property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.method

(class_heritage (identifier) @name) @reference.extends
(class_heritage (member_expression object: (_) @receiver property: (_) @name)) @reference.extends

; ── types JavaScript cannot declare: a parameter's default, what a name or field is given ──
(formal_parameters (assignment_pattern left: (identifier) @binding.name right: (new_expression constructor: (_) @binding.type)) @binding)
(assignment_expression left: (identifier) @binding.name right: (new_expression constructor: (_) @binding.type)) @binding
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @binding.member) right: [(identifier) (member_expression) (call_expression)] @binding.value) @binding
(variable_declarator name: (identifier) @binding.name value: [(call_expression) (member_expression) (await_expression)] @binding.value) @binding
(field_definition property: (property_identifier) @binding.name value: (new_expression constructor: (_) @binding.type)) @binding
; what a function returns: a function it made and gave members (`const fn = ...; fn.setLayout =
; ...; return fn;`: `Fn(...).setLayout()` is that member), what it makes or calls (`return new
; Pipeline()`, `return Pipeline.create()`)
(variable_declarator name: (identifier) @binding.returns value: (arrow_function body: (statement_block (return_statement [(identifier) (new_expression) (call_expression) (member_expression)] @binding.value)))) @binding
(function_declaration name: (identifier) @binding.returns body: (statement_block (return_statement [(identifier) (new_expression) (call_expression) (member_expression)] @binding.value))) @binding
(method_definition name: (property_identifier) @binding.returns body: (statement_block (return_statement [(new_expression) (call_expression) (member_expression)] @binding.value))) @binding
; a superclass that is what a call returns (`class S extends Mixin(Base)`): S has the members of
; that result's type (its binding `...`, as a factory's spread)
(class_declaration name: (_) @binding.supertype (class_heritage (call_expression) @binding.value)) @binding
; a factory that returns an object literal (`return { info, warning }` of its own `function info`):
; its result's members are its own of those names (the function stands for the object's type)
(function_declaration name: (identifier) @binding.returns @binding.type body: (statement_block (return_statement (object)))) @binding
(variable_declarator name: (identifier) @binding.returns @binding.type value: (arrow_function body: [(statement_block (return_statement (object))) (parenthesized_expression (object))])) @binding
; `const scope = this;`: what `this` is
(variable_declarator name: (identifier) @binding.name value: (this) @binding.value) @binding
