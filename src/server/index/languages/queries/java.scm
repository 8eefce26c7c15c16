; Java.
(package_declaration [(scoped_identifier) (identifier)] @package)

; ── definitions ──
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.enum_member
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant

; ── imports ──
(import_declaration (scoped_identifier name: (identifier) @import.name) @import.source .) @import
(import_declaration (scoped_identifier) @import.source (asterisk) @import.wildcard) @import

; qualifiers of `com.x.Y` are no refs
(scoped_type_identifier (type_identifier) @name . (type_identifier)) @noref
(scoped_type_identifier . (scoped_type_identifier (type_identifier) @name .)) @noref

; ── heritage ──
(superclass [
  (type_identifier) @name
  (generic_type [(type_identifier) @name (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)]) @reference.extends
(super_interfaces (type_list [
  (type_identifier) @name
  (generic_type [(type_identifier) @name (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])) @reference.implements
(extends_interfaces (type_list [
  (type_identifier) @name
  (generic_type [(type_identifier) @name (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])) @reference.extends

; ── calls and instantiations ──
(method_invocation object: (_) @receiver name: (identifier) @name) @reference.call
(method_invocation !object name: (identifier) @name) @reference.call
(object_creation_expression type: [
  (type_identifier) @name
  (generic_type [(type_identifier) @name (scoped_type_identifier (_) @receiver . (type_identifier) @name .)])
  (scoped_type_identifier (_) @receiver . (type_identifier) @name .)]) @reference.new
(method_reference (_) @receiver . (identifier) @name) @reference.value
(marker_annotation name: (identifier) @name) @reference.type
(annotation name: (identifier) @name) @reference.type

; ── types and values ──
(scoped_type_identifier (_) @receiver . (type_identifier) @name .) @reference.type
; a type parameter is no type of the project inside its declaration
(type_parameters (type_parameter (type_identifier) @typeparam (type_bound . (_) @typeparam.bound)?)) @typeparam.list
(type_identifier) @reference.type
(argument_list (identifier) @name) @reference.value

; ── typed names ──
; (`byte b[]`, C's way: the dimensions after the name make it an array of the type)
(formal_parameter type: (_) @binding.type name: (identifier) @binding.name !dimensions) @binding
(formal_parameter type: (_) @binding.elements name: (identifier) @binding.name dimensions: (dimensions)) @binding
(local_variable_declaration type: (_) @binding.elements declarator: (variable_declarator name: (identifier) @binding.name dimensions: (dimensions))) @binding
(field_declaration type: (_) @binding.elements declarator: (variable_declarator name: (identifier) @binding.name dimensions: (dimensions))) @binding
; `for (Provider p : ps)`, `x instanceof FilePermission fp`, `try (DataInputStream d = ...)`
(enhanced_for_statement type: (_) @binding.type name: (identifier) @binding.name (#not-eq? @binding.type "var")) @binding
(enhanced_for_statement type: (type_identifier) @_var name: (identifier) @binding.name value: (_) @binding.element (#eq? @_var "var")) @binding
(instanceof_expression right: (_) @binding.type name: (identifier) @binding.name) @binding
(resource type: (_) @binding.type name: (identifier) @binding.name (#not-eq? @binding.type "var")) @binding
(resource type: (type_identifier) @_var name: (identifier) @binding.name value: [(object_creation_expression) (method_invocation) (field_access)] @binding.value (#eq? @_var "var")) @binding
; `catch (IOException e)`; `catch (A | B e)` reads as the first (its members are the common
; supertype's that javac names, unless A overrides one)
(catch_formal_parameter (catch_type . (_) @binding.type) name: (identifier) @binding.name) @binding
(local_variable_declaration type: (_) @binding.type declarator: (variable_declarator name: (identifier) @binding.name !dimensions) (#not-eq? @binding.type "var")) @binding
; `var x = new Repo()` / `var y = r.make()`: the initialiser's type
(local_variable_declaration type: (type_identifier) @_var declarator: (variable_declarator name: (identifier) @binding.name value: [(object_creation_expression) (method_invocation) (field_access) (cast_expression)] @binding.value) (#eq? @_var "var")) @binding
(method_declaration type: (_) @binding.type name: (identifier) @binding.returns) @binding
(field_declaration type: (_) @binding.type declarator: (variable_declarator name: (identifier) @binding.name !dimensions)) @binding
; an interface's constant (`int SO_TIMEOUT = 0x1006;`)
(constant_declaration type: (_) @binding.type declarator: (variable_declarator name: (identifier) @binding.name !dimensions)) @binding
