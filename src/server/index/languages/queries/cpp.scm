; C++ (after c-common.scm). Out-of-line `Foo::bar()` definitions get `Foo` as @scope.

; ── definitions ──
(namespace_definition name: (_) @name) @definition.namespace
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
; a template's specialization (`class TypedExpectation<R(Args...)> : public ExpectationBase {`),
; another class of the template's name
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(alias_declaration name: (type_identifier) @name) @definition.type
(function_definition declarator: [
  (function_declarator declarator: (qualified_identifier scope: (_) @scope name: (_) @name))
  (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: (_) @scope name: (_) @name)))
  (reference_declarator (function_declarator declarator: (qualified_identifier scope: (_) @scope name: (_) @name)))]) @definition.method
(function_definition declarator: [
  (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)
  (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
  (reference_declarator (function_declarator declarator: (field_identifier) @name))]) @definition.method
(function_definition declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @definition.function
(declaration declarator: (function_declarator declarator: [(destructor_name) (field_identifier)] @name)) @definition.method
(field_declaration declarator: (reference_declarator (function_declarator declarator: (field_identifier) @name))) @definition.method

; ── heritage ──
(base_class_clause [
  (type_identifier) @name
  (template_type name: (type_identifier) @name)
  (qualified_identifier scope: (_) @receiver name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]) @reference.extends

; ── calls and instantiations ──
(call_expression function: (qualified_identifier scope: (_) @receiver name: (identifier) @name)) @reference.call
; `geo::Shape::make()`: the receiver is the innermost scope (`Shape`), found like a bare name
(call_expression function: (qualified_identifier name: (qualified_identifier scope: (_) @receiver name: (identifier) @name))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: (_) @receiver name: (identifier) @name)))) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (qualified_identifier scope: (_) @receiver name: (template_function name: (identifier) @name))) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (template_method name: (field_identifier) @name))) @reference.call
(new_expression type: (type_identifier) @name) @reference.new
(new_expression type: (template_type name: (type_identifier) @name)) @reference.new
(new_expression type: (qualified_identifier scope: (_) @receiver name: [(type_identifier) @name (template_type name: (type_identifier) @name)])) @reference.new

; ── types ──
(qualified_identifier scope: (_) @receiver name: (type_identifier) @name) @reference.type
(type_identifier) @reference.type

; a namespace's (and `extern "C" { }`'s) variables, as c-common.scm reads the top level's
(declaration_list (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
    (array_declarator declarator: (identifier) @name)
    (array_declarator declarator: (array_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))
    (init_declarator declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
    (array_declarator declarator: (identifier) @name)
    (array_declarator declarator: (array_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))])]) @definition.variable)

; ── bindings: what a receiver is (`s.area()`, `p->draw()`, `make().area()`) ──
(parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (identifier) @binding.name
  (pointer_declarator declarator: (identifier) @binding.name)
  (reference_declarator (identifier) @binding.name)]) @binding
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (identifier) @binding.name
  (pointer_declarator declarator: (identifier) @binding.name)
  (reference_declarator (identifier) @binding.name)
  (init_declarator declarator: [
    (identifier) @binding.name
    (pointer_declarator declarator: (identifier) @binding.name)
    (reference_declarator (identifier) @binding.name)])]) @binding
(declaration type: (placeholder_type_specifier) declarator: (init_declarator declarator: [(identifier) (reference_declarator (identifier))] @binding.name value: [(call_expression) (field_expression) (new_expression)] @binding.value)) @binding
; a range-for's variable: its declared type, or (`auto`) an element of the range
(for_range_loop type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (identifier) @binding.name
  (pointer_declarator declarator: (identifier) @binding.name)
  (reference_declarator (identifier) @binding.name)]) @binding
(for_range_loop type: (placeholder_type_specifier) declarator: [
  (identifier) @binding.name
  (pointer_declarator declarator: (identifier) @binding.name)
  (reference_declarator (identifier) @binding.name)] right: (_) @binding.element) @binding
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (field_identifier) @binding.name
  (pointer_declarator declarator: (field_identifier) @binding.name)
  (reference_declarator (field_identifier) @binding.name)]) @binding
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (function_declarator declarator: (field_identifier) @binding.returns)
  (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @binding.returns))
  (reference_declarator (function_declarator declarator: (field_identifier) @binding.returns))]) @binding
(function_definition type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier name: (_))] @binding.returns)
  (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier name: (_))] @binding.returns))
  (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier name: (_))] @binding.returns))]) @binding
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: [
  (function_declarator declarator: (identifier) @binding.returns)
  (pointer_declarator declarator: (function_declarator declarator: (identifier) @binding.returns))]) @binding
(alias_declaration name: (type_identifier) @binding.returns type: (type_descriptor type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type)) @binding
(type_definition type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type declarator: (type_identifier) @binding.returns) @binding

; ── type parameters: `template <typename Ctx> void f(Ctx& ctx)` types `ctx` by nothing known ──
; a parameter's default (`typename FileNameCalc = daily_filename_calculator`) stands for it
(template_parameter_list [(type_parameter_declaration (type_identifier) @typeparam) (optional_type_parameter_declaration name: (type_identifier) @typeparam default_type: (_) @typeparam.default)]) @typeparam.list
