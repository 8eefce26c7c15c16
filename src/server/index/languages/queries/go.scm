; Go. Methods get their receiver type as @scope (qualifiedName `Repo.Save`, parent `Repo`).

(package_clause (package_identifier) @package)

; ── definitions ──
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @scope
    (pointer_type (type_identifier) @scope)
    (generic_type type: (type_identifier) @scope)
    (pointer_type (generic_type type: (type_identifier) @scope))]))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(field_declaration name: (field_identifier) @name) @definition.field
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
; `var ( a = x; b = y )`: the grammar groups the specs
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))

; ── imports ──
(import_spec name: (_)? @import.alias path: (_) @import.source) @import

; ── embedding (a struct or interface embeds another type) ──
(field_declaration_list (field_declaration !name type: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.extends)
(field_declaration_list (field_declaration !name type: [
  (qualified_type package: (_) @receiver name: (_) @name)
  (pointer_type (qualified_type package: (_) @receiver name: (_) @name))]) @reference.extends)
(interface_type (type_elem (type_identifier) @name) @reference.extends)
(interface_type (type_elem (qualified_type package: (_) @receiver name: (_) @name)) @reference.extends)

; ── calls and instantiations ──
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.call
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call
(composite_literal type: (type_identifier) @name) @reference.new
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.new
(composite_literal type: (qualified_type package: (_) @receiver name: (_) @name)) @reference.new

; ── types and values ──
(qualified_type package: (_) @receiver name: (type_identifier) @name) @reference.type
; a type parameter is no type of the project inside its declaration
(type_parameter_list (type_parameter_declaration name: (identifier) @typeparam)) @typeparam.list
(type_identifier) @reference.type
(argument_list (identifier) @name) @reference.value
(argument_list (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)) @reference.value

; ── typed names (receivers and parameters too) ──
(parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding
(var_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
(const_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
; `const ( formatV7 Format = 1 << iota; FormatUSTAR; ... )`: a spec without type or value repeats
; the one before it
(const_declaration (const_spec name: (identifier) @binding.name !type !value) @binding.repeat)
; `format := FormatUSTAR | FormatPAX`: what the left operand is (Go's operands have one type)
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (binary_expression
  left: [(identifier) (selector_expression) (call_expression) (index_expression)] @binding.value
  operator: ["|" "&" "^" "&^" "+" "-" "*" "/" "%" "<<" ">>"]))) @binding
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (binary_expression
  left: (binary_expression left: [(identifier) (selector_expression) (call_expression) (index_expression)] @binding.value operator: ["|" "&" "^" "&^" "+" "-" "*" "/" "%" "<<" ">>"])
  operator: ["|" "&" "^" "&^" "+" "-" "*" "/" "%" "<<" ">>"]))) @binding
(short_var_declaration left: (expression_list (identifier) @binding.name) right: (expression_list (composite_literal type: (_) @binding.type))) @binding
(short_var_declaration left: (expression_list (identifier) @binding.name) right: (expression_list (unary_expression operand: (composite_literal type: (_) @binding.type)))) @binding
(var_spec name: (identifier) @binding.name !type value: (expression_list . [(composite_literal type: (_) @binding.type) (unary_expression operand: (composite_literal type: (_) @binding.type))])) @binding
; a named struct's fields (`p.buf.writeString()`: an anonymous struct's would be the function's
; locals), and what a function, method or interface method returns (`v.Type().Elem()`)
(type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @binding.name type: (_) @binding.type) @binding)))
; what a collection type holds (`type Nodes []Node`: `for _, n := range nodes`), and an alias's
; type (`type FileInfo = fs.FileInfo`)
(type_spec name: (type_identifier) @binding.items type: [(slice_type element: (_) @binding.type) (array_type element: (_) @binding.type) (map_type value: (_) @binding.type)]) @binding
(type_alias name: (type_identifier) @binding.returns type: (_) @binding.type) @binding
; an embedded field is named by its type (`in.Stack.Next()`)
(type_spec type: (struct_type (field_declaration_list (field_declaration !name type: [(type_identifier) @binding.name (qualified_type name: (type_identifier) @binding.name)] @binding.type) @binding)))
(function_declaration name: (identifier) @binding.returns result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type) @binding
(method_declaration name: (field_identifier) @binding.returns result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type) @binding
(method_elem name: (field_identifier) @binding.returns result: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type) @binding
; ... or its first result (`(*File, error)`): what `f, err := Open()` assigns to `f`
(function_declaration name: (identifier) @binding.returns result: (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type))) @binding
(method_declaration name: (field_identifier) @binding.returns result: (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type))) @binding
(method_elem name: (field_identifier) @binding.returns result: (parameter_list . (parameter_declaration type: [(type_identifier) (pointer_type) (qualified_type) (generic_type) (slice_type) (array_type) (map_type)] @binding.type))) @binding
; a local typed by what it is made from: a call's result (`v7 := blk.toV7()`, `f, err := Open()`),
; a conversion (`b := readBuf(p)`), a field (`s := p.stack`)
; an element (`sect := f.Sections[i]`), another name (`x := v_0`), and `new(T)`
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . [(call_expression function: (_) @_fn (#not-any-of? @_fn "new" "make")) (selector_expression) (index_expression) (identifier)] @binding.value)) @binding
(var_spec name: (identifier) @binding.name !type value: (expression_list . [(call_expression function: (_) @_fn (#not-any-of? @_fn "new" "make")) (selector_expression) (index_expression) (identifier)] @binding.value)) @binding
; `old := *r.Expr`, `p := &c.Args[0]`: what the operand is (pointers read as what they point to)
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (unary_expression operator: ["*" "&"]
  operand: [(identifier) (selector_expression) (index_expression) (call_expression) (parenthesized_expression)] @binding.value))) @binding
; the second and third of `s, i, b := n.Text, 0, new(bytes.Buffer)`: their own values
(short_var_declaration left: (expression_list . (_) . (identifier) @binding.name) right: (expression_list . (_) .
  [(call_expression) (selector_expression) (index_expression) (identifier) (unary_expression)] @binding.value)) @binding
(short_var_declaration left: (expression_list . (_) . (_) . (identifier) @binding.name) right: (expression_list . (_) . (_) .
  [(call_expression) (selector_expression) (index_expression) (identifier) (unary_expression)] @binding.value)) @binding
; a function value (`b2i := func(b bool) int { ... }`): a local, whose calls are its own, never the
; package's function of the name (its type, `func`, is no type of the project)
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (func_literal "func" @binding.type))) @binding
(var_spec name: (identifier) @binding.name !type value: (expression_list . (func_literal "func" @binding.type))) @binding
; `new(T)`: a T; `make([]*T, n)`: Ts
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (call_expression function: (identifier) @_new arguments: (argument_list . (_) @binding.type)) (#any-of? @_new "new" "make"))) @binding
(var_spec name: (identifier) @binding.name !type value: (expression_list . (call_expression function: (identifier) @_new arguments: (argument_list . (_) @binding.type)) (#any-of? @_new "new" "make"))) @binding
; a type assertion (`ws, ok := w.(io.WriteSeeker)`), and a type switch's case of one type
; (`switch t := x.(type) { case *Chan: t.Elem() }`). These hold in their block only (table.ts blockScoped).
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (type_assertion_expression type: (_) @binding.type))) @binding
(type_switch_statement alias: (expression_list (identifier) @binding.name) (type_case . type: (_) @binding.type . [(statement_list) (comment)]) @binding)
; a range loop's value: an element of what it ranges over (in the loop only)
(for_statement (range_clause left: (expression_list (_) . (identifier) @binding.name) right: (_) @binding.element)) @binding

; ── the file's build constraint (`//go:build linux && !386`): of the declarations one name has
;    in a package's files, calls bind to the one built for the caller's platform ──
(source_file (comment) @constraint (#match? @constraint "^//go:build "))
