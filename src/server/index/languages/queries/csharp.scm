; C#.
(file_scoped_namespace_declaration name: (_) @package)

; ── definitions ──
((namespace_declaration name: (_) @name) @definition.namespace (#set! visibility public))
; (`namespace A.B;` holds the rest of its file)
((file_scoped_namespace_declaration name: (_) @name) @definition.namespace (#set! visibility public) (#set! scope.rest))
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.enum_member
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.method
(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration "this" @name) @definition.property
(event_declaration name: (identifier) @name) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field

; ── imports ──
(using_directive !name [(identifier) (qualified_name)] @import.source) @import
(using_directive name: (identifier) @import.alias . [(identifier) (qualified_name)] @import.source) @import
; `global using A.B;` opens A.B in every file of the project: a re-export (ResolveRules.namespaces)
(using_directive "global" !name [(identifier) (qualified_name)] @import.source) @reexport

; ── heritage (by convention `IName` is an interface) ──
(base_list [(identifier) (generic_name (identifier))] @name (#match? @name "^I[A-Z]")) @reference.implements
(base_list (generic_name (identifier) @name (#match? @name "^I[A-Z]"))) @reference.implements
(base_list (qualified_name qualifier: (_) @receiver name: (identifier) @name (#match? @name "^I[A-Z]"))) @reference.implements
(base_list (identifier) @name) @reference.extends
(base_list (generic_name (identifier) @name)) @reference.extends
(base_list (qualified_name qualifier: (_) @receiver name: [(identifier) (generic_name (identifier))] @name)) @reference.extends

; ── calls and instantiations ──
(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression expression: (_) @receiver name: (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression expression: (_) @receiver name: (generic_name (identifier) @name))) @reference.call
; (`this` and `base` are keywords, no named nodes: `(_)` above does not match them)
(invocation_expression function: (member_access_expression expression: ["this" "base"] @receiver name: [(identifier) @name (generic_name (identifier) @name)])) @reference.call
(invocation_expression function: (conditional_access_expression (_) @receiver (member_binding_expression name: (identifier) @name))) @reference.call
(object_creation_expression type: (identifier) @name) @reference.new
(object_creation_expression type: (generic_name (identifier) @name)) @reference.new
(object_creation_expression type: (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name (identifier) @name)])) @reference.new
; a type parameter is no type of the project inside its declaration
(type_parameter_list (type_parameter name: (identifier) @typeparam)) @typeparam.list
(attribute name: (identifier) @name) @reference.type

; ── types and values ──
(_ type: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(_ type: (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name (identifier) @name)]) @reference.type)
(method_declaration returns: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(type_argument_list [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(argument (identifier) @name) @reference.value

; ── typed names ──
(parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
(variable_declaration type: (_) @binding.type (variable_declarator name: (identifier) @binding.name) (#not-eq? @binding.type "var")) @binding
; `var x = new Repo()` / `var y = r.Make()`: the initialiser's type
(variable_declaration type: (_) @_var (variable_declarator name: (identifier) @binding.name (_) @binding.value) (#eq? @_var "var")) @binding
(method_declaration returns: (_) @binding.type name: (identifier) @binding.returns) @binding
(property_declaration type: (_) @binding.type name: (identifier) @binding.name) @binding
; `foreach (PwEntry pe in list)`, `foreach (var pe in list)` (an element of what it walks), `catch (IOException ex)`
(foreach_statement type: (_) @binding.type left: (identifier) @binding.name (#not-eq? @binding.type "var")) @binding
(foreach_statement type: (_) @_var left: (identifier) @binding.name right: (_) @binding.element (#eq? @_var "var")) @binding
(catch_declaration type: (_) @binding.type name: (identifier) @binding.name) @binding
