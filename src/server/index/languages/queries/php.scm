; PHP.
(namespace_definition name: (namespace_name) @package)

; ── definitions ──
(namespace_definition name: (namespace_name) @name) @definition.namespace
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.enum_member
(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function
(property_declaration (property_element name: (variable_name (name) @name))) @definition.property
(const_declaration (const_element (name) @name)) @definition.constant

; ── imports ──
(namespace_use_declaration (namespace_use_clause [(qualified_name (name) @import.name .) (name) @import.name] @import.source !alias)) @import
(namespace_use_declaration (namespace_use_clause [(qualified_name (name) @import.name .) (name) @import.name] @import.source alias: (name) @import.alias)) @import
(namespace_use_declaration (namespace_name) @import.source body: (namespace_use_group (namespace_use_clause . (name) @import.name alias: (name)? @import.alias))) @import
([(require_expression) (require_once_expression) (include_expression) (include_once_expression)] (string (string_content) @import.source)) @import

; ── heritage ──
(base_clause [(name) @name (qualified_name (name) @name .)]) @reference.extends
(class_interface_clause [(name) @name (qualified_name (name) @name .)]) @reference.implements
(use_declaration [(name) @name (qualified_name (name) @name .)]) @reference.implements

; ── calls ──
(function_call_expression function: [(name) @name (qualified_name (name) @name .)]) @reference.call
(member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(scoped_call_expression scope: (_) @receiver name: (name) @name) @reference.call
(object_creation_expression [(name) @name (qualified_name (name) @name .)]) @reference.new

; ── types ──
(named_type [(name) @name (qualified_name (name) @name .)]) @reference.type

; ── bindings: what a receiver is (`$repo->save()`, `$this->repo->save()`, `$this->make()->run()`) ──
(simple_parameter type: (named_type [(name) (qualified_name)] @binding.type) name: (variable_name) @binding.name) @binding
(simple_parameter type: (optional_type (named_type [(name) (qualified_name)] @binding.type)) name: (variable_name) @binding.name) @binding
(property_promotion_parameter type: (named_type [(name) (qualified_name)] @binding.type) name: (variable_name (name) @binding.name)) @binding
(property_declaration type: (named_type [(name) (qualified_name)] @binding.type) (property_element name: (variable_name (name) @binding.name))) @binding
(property_declaration type: (optional_type (named_type [(name) (qualified_name)] @binding.type)) (property_element name: (variable_name (name) @binding.name))) @binding
(assignment_expression left: (variable_name) @binding.name right: (object_creation_expression [(name) (qualified_name)] @binding.type)) @binding
; `$this->repo = new Repo()`: an untyped property (in any method: the class's)
(assignment_expression left: (member_access_expression object: (variable_name (name) @_t) name: (name) @binding.member) right: (object_creation_expression [(name) (qualified_name)] @binding.type) (#eq? @_t "this")) @binding
; `$stream = $this->parser->getStream()`, `$t = $stream->next()`: what the call returns, the value is
(assignment_expression left: (variable_name) @binding.name right: [(member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression) (function_call_expression) (member_access_expression) (variable_name)] @binding.value) @binding
; `$this->parser = $parser`: of the type the assigned parameter or local has where it is assigned
(assignment_expression left: (member_access_expression object: (variable_name (name) @_t) name: (name) @binding.member) right: (variable_name) @binding.value (#eq? @_t "this")) @binding
(method_declaration name: (name) @binding.returns return_type: [(named_type [(name) (qualified_name)] @binding.type) (optional_type (named_type [(name) (qualified_name)] @binding.type))]) @binding
(function_definition name: (name) @binding.returns return_type: [(named_type [(name) (qualified_name)] @binding.type) (optional_type (named_type [(name) (qualified_name)] @binding.type))]) @binding
