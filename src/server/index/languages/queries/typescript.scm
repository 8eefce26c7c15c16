; TypeScript and TSX (after ecma.scm).

; ── definitions ──
(function_signature name: (identifier) @name) @definition.function
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(enum_body name: (property_identifier) @name @definition.enum_member)
(enum_assignment name: (property_identifier) @name) @definition.enum_member
(internal_module name: (_) @name) @definition.namespace
(module name: (_) @name) @definition.module
(interface_body (method_signature name: (_) @name) @definition.method)
(interface_body (property_signature name: (_) @name) @definition.property)
(type_alias_declaration value: (object_type (method_signature name: (_) @name) @definition.method))
(type_alias_declaration value: (object_type (property_signature name: (_) @name) @definition.property))
(abstract_method_signature name: (_) @name) @definition.method
(class_body (method_signature name: (_) @name) @definition.method)
(public_field_definition
  name: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(public_field_definition name: (_) @name) @definition.property
; ── imports ──
(import_statement (import_require_clause (identifier) @import.alias source: (string) @import.source)) @import

; ── heritage ──
(extends_clause value: (identifier) @name) @reference.extends
(extends_clause value: (member_expression object: (_) @receiver property: (_) @name)) @reference.extends
(implements_clause (type_identifier) @name) @reference.implements
(implements_clause (nested_type_identifier module: (_) @receiver name: (_) @name)) @reference.implements
(implements_clause (generic_type name: (type_identifier) @name)) @reference.implements
(implements_clause (generic_type name: (nested_type_identifier module: (_) @receiver name: (_) @name))) @reference.implements
(extends_type_clause type: (type_identifier) @name) @reference.extends
(extends_type_clause type: (nested_type_identifier module: (_) @receiver name: (_) @name)) @reference.extends
(extends_type_clause type: (generic_type name: (type_identifier) @name)) @reference.extends
(extends_type_clause type: (generic_type name: (nested_type_identifier module: (_) @receiver name: (_) @name))) @reference.extends

; ── calls the grammar misreads: `await f<T>(x)` as `(await f)<T>(x)` ──
(call_expression function: (await_expression (identifier) @name) type_arguments: (_)) @reference.call
(call_expression
  function: (await_expression (member_expression object: (_) @receiver property: [(property_identifier) (private_property_identifier)] @name))
  type_arguments: (_)) @reference.call

; ── types ──
(new_expression constructor: (identifier) @name) @reference.new
(nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.type
; a type parameter (`<A>`, `[K in keyof T]`) is no type of the project inside its declaration
(type_parameters (type_parameter name: (type_identifier) @typeparam constraint: (constraint (_) @typeparam.bound)?)) @typeparam.list
(index_signature (mapped_type_clause name: (type_identifier) @typeparam)) @typeparam.scope
(conditional_type right: (infer_type (type_identifier) @typeparam)) @typeparam.scope
(conditional_type right: (generic_type type_arguments: (type_arguments (infer_type (type_identifier) @typeparam)))) @typeparam.scope
(conditional_type right: (function_type parameters: (formal_parameters (required_parameter type: (type_annotation (infer_type (type_identifier) @typeparam)))))) @typeparam.scope
(conditional_type right: (function_type return_type: (infer_type (type_identifier) @typeparam))) @typeparam.scope
(type_identifier) @reference.type

; ── typed names: let `repo.save()` resolve through the declared type ──
(required_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
(optional_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
; an untyped parameter is what its default makes (`min = new Vector3()`)
([(required_parameter pattern: (identifier) @binding.name !type value: (new_expression constructor: (_) @binding.type)) (optional_parameter pattern: (identifier) @binding.name !type value: (new_expression constructor: (_) @binding.type))] @binding)
(public_field_definition name: (property_identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
(public_field_definition name: (property_identifier) @binding.name !type value: (new_expression constructor: (_) @binding.type)) @binding
(variable_declarator name: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
; return types: `f(...).m()` resolves through f's declared return type
(function_declaration name: (identifier) @binding.returns return_type: (type_annotation (_) @binding.type)) @binding
(function_signature name: (identifier) @binding.returns return_type: (type_annotation (_) @binding.type)) @binding
(method_definition name: (property_identifier) @binding.returns return_type: (type_annotation (_) @binding.type)) @binding
(class_body (method_definition "get" name: (property_identifier) @binding.name return_type: (type_annotation (_) @binding.type))) @binding
; no return type declared: what it returns by name (a factory's `return fn;`, as in javascript.scm)
(variable_declarator name: (identifier) @binding.returns value: (arrow_function !return_type body: (statement_block (return_statement [(identifier) (new_expression) (call_expression) (member_expression)] @binding.value)))) @binding
(function_declaration name: (identifier) @binding.returns !return_type body: (statement_block (return_statement [(identifier) (new_expression) (call_expression) (member_expression)] @binding.value))) @binding
(method_definition name: (property_identifier) @binding.returns !return_type body: (statement_block (return_statement [(new_expression) (call_expression) (member_expression)] @binding.value))) @binding
(function_declaration name: (identifier) @binding.returns @binding.type !return_type body: (statement_block (return_statement (object)))) @binding
(variable_declarator name: (identifier) @binding.returns @binding.type !type value: (arrow_function !return_type body: [(statement_block (return_statement (object))) (parenthesized_expression (object))])) @binding
; a local's type from its initialiser, worked out at resolution: `const s = make(); s.run()`
(variable_declarator name: (identifier) @binding.name !type value: [(call_expression) (member_expression) (await_expression) (as_expression)] @binding.value) @binding
; a callee's callback parameter's parameters (`init: (s: Subscriber<T>) => void`): binding `(i).j`
(formal_parameters [(required_parameter type: (type_annotation (function_type parameters: (formal_parameters (required_parameter pattern: [(identifier) (this)] type: (type_annotation (_) @binding.type)) @binding.param))))
                    (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters (required_parameter pattern: [(identifier) (this)] type: (type_annotation (_) @binding.type)) @binding.param))))] @binding.arg) @binding
; an untyped callback parameter takes that type: `operate((source, subscriber) => ...)`, `new Observable((s) => ...)`,
; also where a conditional chooses the callback (`new Observable(s ? (sub) => ... : (sub) => ...)`);
; or the one the call's last type argument spells out: `dual<Last, (self: A) => B>(2, (self) => ...)`
(call_expression function: (_) @binding.callee
  type_arguments: (type_arguments [(function_type parameters: (formal_parameters) @binding.sig) (_)] .)?
  arguments: (arguments [
  (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (arrow_function parameter: (identifier) @binding.name @binding.param)
  (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (ternary_expression [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
    (arrow_function parameter: (identifier) @binding.name @binding.param)])] @binding.arg)) @binding
(new_expression constructor: (_) @binding.callee arguments: (arguments [
  (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (arrow_function parameter: (identifier) @binding.name @binding.param)
  (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (ternary_expression [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
    (arrow_function parameter: (identifier) @binding.name @binding.param)])] @binding.arg)) @binding
; a superclass that is what a call returns (`class S extends make<string>(ast)`, a mixin): S has
; the members of that result's type (its binding `...`, as a factory's spread)
([(class_declaration name: (_) @binding.supertype (class_heritage (extends_clause value: (call_expression) @binding.value)))
  (abstract_class_declaration name: (_) @binding.supertype (class_heritage (extends_clause value: (call_expression) @binding.value)))] @binding)
; an alias of an intersection (`type Methods = typeof Attributes & typeof Traversing`, `A & B<T>`)
; has the members of each part (its bindings `...`, walked with its supertypes); of a union
; (`type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>`), the first part's that has one
([(intersection_type [(type_identifier) (generic_type) (nested_type_identifier) (type_query)] @binding.type)
  (union_type [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type)] @binding.part)
; an interface member's function type types its parameters (`code: (cxt: KeywordCxt) => void`,
; `code(cxt: KeywordCxt): void`): the interface's binding `code(j)`
(interface_body (property_signature name: (property_identifier) @binding.slot type: (type_annotation (function_type parameters: (formal_parameters
  (required_parameter pattern: (identifier) type: (type_annotation (_) @binding.type)) @binding.param))))) @binding
(interface_body (method_signature name: (property_identifier) @binding.slot parameters: (formal_parameters
  (required_parameter pattern: (identifier) type: (type_annotation (_) @binding.type)) @binding.param))) @binding
; an object literal of a declared type: its methods' untyped parameters are what the type's
; members say (`const def: CodeKeywordDefinition = { code(cxt) { ... } }`)
(variable_declarator type: (type_annotation (_) @binding.holder) value: (object [
  (method_definition name: (property_identifier) @binding.slot parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (pair key: (property_identifier) @binding.slot value: [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))])] @binding.arg)) @binding
; the same, an object literal passed to a function whose parameter declares its type
; (`makeMergeEvaluated({ mergeNames: (gen, from, to) => ... })`)
(call_expression function: (_) @binding.callee arguments: (arguments (object [
  (method_definition name: (property_identifier) @binding.slot parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
  (pair key: (property_identifier) @binding.slot value: [
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type) @binding.param))])] @binding.arg) @binding.holder)) @binding
; a parameter of an inline object type gives its properties' types (`options: { readonly differ:
; Differ<V> }`: its binding `options.differ`)
([(required_parameter pattern: (identifier) @binding.name type: (type_annotation (object_type (property_signature name: (property_identifier) @binding.key type: (type_annotation (_) @binding.type)))))
  (optional_parameter pattern: (identifier) @binding.name type: (type_annotation (object_type (property_signature name: (property_identifier) @binding.key type: (type_annotation (_) @binding.type)))))] @binding)
; an alias of one named type: members are looked up on that type
(type_alias_declaration name: (type_identifier) @binding.returns value: [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type) @binding
(variable_declarator name: (identifier) @binding.returns value: (arrow_function return_type: (type_annotation (_) @binding.type))) @binding
; a constant declared with a function type returns what that type says (`const make: <A>() => Effect<A> = core.make`)
(variable_declarator name: (identifier) @binding.returns type: (type_annotation (function_type return_type: (_) @binding.type))) @binding
; or, declared with call signatures (a dual API: `{ (f): (self: A) => B; (self: A, f): B }`), what
; the one returning no function says: a call whose result is used as an object is that one
(variable_declarator name: (identifier) @binding.returns type: (type_annotation (object_type (call_signature return_type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @binding.type))))) @binding
; `this` inside a function expression: its `this:` parameter, else what its callee declares
(required_parameter pattern: (this) @binding.name type: (type_annotation (_) @binding.type)) @binding
(call_expression function: (_) @binding.callee arguments: (arguments (function_expression) @binding.arg)) @binding
; destructured parameters: `({ a }: T)`: that member of the type (`const { a } = expr`: ecma.scm)
(required_parameter pattern: (object_pattern [(shorthand_property_identifier_pattern) @binding.name (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name)]) type: (type_annotation (_) @binding.oftype)) @binding
; interface members' types: `x.config.observer.next()`, `x.make().run()` through an interface
(interface_body (property_signature name: (property_identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding)
(interface_body (method_signature name: (property_identifier) @binding.returns return_type: (type_annotation (_) @binding.type)) @binding)
(abstract_method_signature name: (property_identifier) @binding.returns return_type: (type_annotation (_) @binding.type)) @binding
; `for (const x of xs)`: an element of xs
(for_in_statement left: (identifier) @binding.name operator: "of" right: (_) @binding.element) @binding
