; Kotlin (grammar without fields).
(package_header (identifier) @package)

; ── definitions ──
(class_declaration "interface" (type_identifier) @name) @definition.interface
(class_declaration "enum" (type_identifier) @name) @definition.enum
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(function_declaration (simple_identifier) @name) @definition.function
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(enum_class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
; a top-level `val` (and `const val`) is read-only: a constant, as TypeScript's `const`
(source_file (property_declaration (binding_pattern_kind) @_k (variable_declaration (simple_identifier) @name) (#eq? @_k "val")) @definition.constant)
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.property
(enum_entry (simple_identifier) @name) @definition.enum_member
(type_alias (type_identifier) @name) @definition.type
(secondary_constructor "constructor" @name) @definition.constructor

; ── imports ──
(import_header (identifier (simple_identifier) @import.name .) @import.source .) @import
(import_header (identifier (simple_identifier) @import.name .) @import.source (import_alias (type_identifier) @import.alias)) @import
(import_header (identifier) @import.source (wildcard_import) @import.wildcard) @import

; ── heritage: a supertype called (`Base()`) is a class, the others interfaces ──
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name .))) @reference.extends
(delegation_specifier (user_type (type_identifier) @name .)) @reference.implements
; a generic supertype (`: Base<T>(x)`, `: Iface<T>`)
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name . (type_arguments) .))) @reference.extends
(delegation_specifier (user_type (type_identifier) @name . (type_arguments) .)) @reference.implements

; ── calls ──
(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))) @reference.call
; a type parameter is no type of the project inside its declaration
(type_parameters (type_parameter (type_identifier) @typeparam [(user_type) (nullable_type)]? @typeparam.bound)) @typeparam.list
(user_type (type_identifier) @name) @reference.type
(value_argument (simple_identifier) @name) @reference.value
(callable_reference (simple_identifier) @name) @reference.value

; ── bindings: what a receiver is (`repo.save()`, `this.repo.save()`, `make().run()`) ──
(parameter (simple_identifier) @binding.name [(user_type) (nullable_type) (function_type)] @binding.type) @binding
; a vararg parameter is an array of what it names (`vararg jobs: Job`: `jobs.forEach { it.join() }`),
; bound at its type: after the parameter's own binding, so the one read
(function_value_parameters (parameter_modifiers (parameter_modifier) @_m) . (parameter (simple_identifier) @binding.name [(user_type) (nullable_type)] @binding.elements @binding) (#eq? @_m "vararg"))
(class_parameter (binding_pattern_kind) (simple_identifier) @binding.name [(user_type) (nullable_type) (function_type)] @binding.type) @binding
(property_declaration (variable_declaration (simple_identifier) @binding.name [(user_type) (nullable_type) (function_type)] @binding.type)) @binding
(property_declaration (variable_declaration . (simple_identifier) @binding.name .) [(call_expression) (navigation_expression) (as_expression) (indexing_expression) (postfix_expression) (elvis_expression) (if_expression)] @binding.value) @binding
(type_alias (type_identifier) @binding.returns (user_type) @binding.type) @binding
(function_declaration (simple_identifier) @binding.returns (function_value_parameters) . [(user_type) (nullable_type)] @binding.type) @binding
; an expression body's value is what it returns where no type is written (`fun make() = Foo()`)
(function_declaration (simple_identifier) @binding.returns (function_value_parameters) . (function_body . [(call_expression) (navigation_expression) (as_expression)] @binding.value)) @binding
; a loop's variable is an element of what it walks (`for (x in xs)`), in the loop
(for_statement (variable_declaration (simple_identifier) @binding.name) . (_) @binding.element) @binding
;  a smart cast: what `is T` tests is a T where the test holds (`when (x) { is T -> x.go() }`,
;  `if (x is T) x.go()`, `if (a && x is T && b)`, below `if (x !is T) return`)
(when_expression (when_subject [(simple_identifier) @binding.name (variable_declaration (simple_identifier) @binding.name)])
  (when_entry . (when_condition (type_test "is" [(user_type) (nullable_type)] @binding.type)) . (control_structure_body) @binding.within)) @binding
(statements (if_expression (check_expression . (simple_identifier) @binding.name "!is" [(user_type) (nullable_type)] @binding.type) . (control_structure_body . [(jump_expression) (statements . (jump_expression) .)] .) .) @binding) @binding.rest
; `x as T` as a statement: x is a T below it
(statements (as_expression . (simple_identifier) @binding.name "as" [(user_type) (nullable_type)] @binding.type .) @binding) @binding.rest
(when_expression (when_entry . (when_condition (check_expression . (simple_identifier) @binding.name "is" [(user_type) (nullable_type)] @binding.type)) . (control_structure_body) @binding.within)) @binding
(if_expression [(check_expression . (simple_identifier) @binding.name "is" [(user_type) (nullable_type)] @binding.type)
  (conjunction_expression [(check_expression . (simple_identifier) @binding.name "is" [(user_type) (nullable_type)] @binding.type)
    (conjunction_expression (check_expression . (simple_identifier) @binding.name "is" [(user_type) (nullable_type)] @binding.type))])] . (control_structure_body) @binding.within) @binding
; a lambda's parameter (`it`, or the one it names) is, in the lambda, an element of the
; collection the standard library walks (`xs.forEach { it.go() }`), or the receiver itself of a
; scope function (`x?.let { it.go() }`)
(call_expression (navigation_expression (_) @binding.element (navigation_suffix (simple_identifier) @_f))
  (call_suffix (annotated_lambda (lambda_literal . [(statements) (lambda_parameters . (variable_declaration (simple_identifier) @binding.name) .)]) @binding))
  (#match? @_f "^(forEach|onEach|map|mapNotNull|flatMap|filter|filterNot|any|all|none|count|first|firstOrNull|last|lastOrNull|find|findLast|single|singleOrNull|sumOf|sortedBy|sortedByDescending|groupBy|associateBy|associateWith|partition|takeWhile|dropWhile|minByOrNull|maxByOrNull|distinctBy)$"))
(call_expression (navigation_expression (_) @binding.same (navigation_suffix (simple_identifier) @_f))
  (call_suffix (annotated_lambda (lambda_literal . [(statements) (lambda_parameters . (variable_declaration (simple_identifier) @binding.name) .)]) @binding))
  (#match? @_f "^(let|also|takeIf|takeUnless)$"))
; a lambda with a receiver: `x.apply { go() }`, `x.run { }`, `with(x) { go() }` (its `this`, in the lambda)
(call_expression (navigation_expression (_) @binding.self (navigation_suffix (simple_identifier) @_f))
  (call_suffix (annotated_lambda (lambda_literal) @binding))
  (#match? @_f "^(apply|run)$"))
(call_expression (call_expression (simple_identifier) @_f (call_suffix (value_arguments . (value_argument (_) @binding.self) .)))
  (call_suffix (annotated_lambda (lambda_literal) @binding))
  (#eq? @_f "with"))
; a function-typed parameter's parameters and receiver (`block: (Cont<T>) -> Unit`, `block:
; suspend Scope<E>.() -> Unit`): what a lambda passed for it has (bindings `(i).j`, `(i).this`)
(function_value_parameters (parameter (simple_identifier) (function_type (function_type_parameters (_) @binding.type @binding.param))) @binding.arg) @binding
(function_value_parameters (parameter (simple_identifier) (function_type . (type_identifier) @binding.selftype)) @binding.arg) @binding
; a trailing lambda's named parameters and its `this`, as the callee declares them (not the
; standard library's, whose lambdas the patterns above type)
([(call_expression [(simple_identifier) (navigation_expression)] @binding.callee (call_suffix (annotated_lambda (lambda_literal . [(lambda_parameters (variable_declaration (simple_identifier) @binding.name) @binding.param) (statements)])) @binding.arg))
  (call_expression (call_expression [(simple_identifier) (navigation_expression)] @binding.callee (call_suffix (value_arguments))) (call_suffix (annotated_lambda (lambda_literal . [(lambda_parameters (variable_declaration (simple_identifier) @binding.name) @binding.param) (statements)])) @binding.arg))] @binding
  (#not-match? @binding.callee "(^|[.?])(let|also|apply|run|with|takeIf|takeUnless|use|repeat|synchronized|lazy|forEach|onEach|map|mapNotNull|flatMap|filter|filterNot|any|all|none|count|first|firstOrNull|last|lastOrNull|find|findLast|single|singleOrNull|sumOf|sortedBy|sortedByDescending|groupBy|associateBy|associateWith|partition|takeWhile|dropWhile|minByOrNull|maxByOrNull|distinctBy)$"))
