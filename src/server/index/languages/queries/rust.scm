; Rust. `impl Foo` is a container: its functions become methods `Foo.name` whose parent is the
; same-file `Foo`; `impl Trait for Foo` is an implements ref from `Foo`.

; ── definitions ──
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.enum_member
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name) @definition.module
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
(macro_definition name: (identifier) @name) @definition.macro
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)

(impl_item type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (scoped_type_identifier name: (type_identifier) @name)
  (generic_type type: (scoped_type_identifier name: (type_identifier) @name))]) @container

; ── imports ──
(use_declaration argument: (scoped_identifier name: (identifier) @import.name) @import.source) @import
(use_declaration argument: (identifier) @import.name @import.source) @import
(use_declaration argument: (use_as_clause path: (scoped_identifier name: (identifier) @import.name) @import.source alias: (identifier) @import.alias)) @import
(use_declaration argument: (use_as_clause path: (identifier) @import.name @import.source alias: (identifier) @import.alias)) @import
(scoped_use_list path: (_) @import.source list: (use_list [
  (identifier) @import.name
  (scoped_identifier name: (identifier) @import.name)
  (use_as_clause path: [(identifier) (scoped_identifier name: (identifier))] @import.name alias: (identifier) @import.alias)])) @import
(scoped_use_list path: (_) @import.source list: (use_list (use_wildcard) @import.wildcard)) @import
; `use a::b::{self}` binds the module b itself (a whole-module import under b's name)
(scoped_use_list path: (scoped_identifier name: (identifier) @import.alias) @import.source list: (use_list (self))) @import
(scoped_use_list path: (identifier) @import.alias @import.source list: (use_list (self))) @import
(use_wildcard (_) @import.source) @import.wildcard @import
(extern_crate_declaration name: (identifier) @import.name @import.source) @import
; `pub use` re-exports (the same source nodes as above, so the same import)
(use_declaration (visibility_modifier) argument: [(scoped_identifier) (identifier)] @import.source) @reexport
(use_declaration (visibility_modifier) argument: (use_as_clause path: (_) @import.source)) @reexport
(use_declaration (visibility_modifier) argument: (scoped_use_list path: (_) @import.source)) @reexport
(use_declaration (visibility_modifier) argument: (use_wildcard (_) @import.source)) @reexport

; ── heritage ──
(impl_item trait: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)
  (generic_type type: (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name))]) @reference.implements
(trait_item bounds: (trait_bounds [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)])) @reference.extends

; ── calls, macros, struct literals ──
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))) @reference.call
; a macro's arguments are tokens to tree-sitter: parsed again as Rust (parse.ts), so calls written
; in `assert_eq!(p.parse(), x)` or `vec![f(x)]` are seen (macro_rules! bodies are not invocations)
(macro_invocation (token_tree) @injection.content)
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation macro: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.call
(struct_expression name: (type_identifier) @name) @reference.new
(struct_expression name: (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)) @reference.new
(struct_expression name: (generic_type_with_turbofish type: (type_identifier) @name)) @reference.new

; ── types and values ──
(scoped_type_identifier path: (_) @receiver name: (type_identifier) @name) @reference.type
; a type parameter is no type of the project inside its declaration
; a type parameter, with its first bound (`V: Visitor`, `where T: Interval`): its members
(type_parameters (type_parameter name: (type_identifier) @typeparam bounds: (trait_bounds . (_) @typeparam.bound)?)) @typeparam.list
(where_clause (where_predicate left: (type_identifier) @typeparam bounds: (trait_bounds . (_) @typeparam.bound))) @typeparam.list
(type_identifier) @reference.type
(arguments (identifier) @name) @reference.value

; ── bindings: what a receiver is (`s.area()`, `self.shapes.first()`, `Shape::new().area()`) ──
(parameter pattern: (identifier) @binding.name type: [
  (type_identifier) @binding.type
  (generic_type) @binding.type
  (scoped_type_identifier) @binding.type
  (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)
  (abstract_type trait: (_) @binding.type)
  (reference_type type: (dynamic_type trait: (_) @binding.type))]) @binding
; a tuple variant's or tuple struct's payload is its field 0 (`Group(Group)`, `struct Id(Name)`)
(enum_variant name: (identifier) @binding.first body: (ordered_field_declaration_list . type: (_) @binding.type)) @binding
(struct_item name: (type_identifier) @binding.first body: (ordered_field_declaration_list . type: (_) @binding.type)) @binding
; bound by a pattern of one, in that arm (`Ast::Group(ref x) => x.span()`, `if let E::A(x) = e`)
(match_arm pattern: (match_pattern (tuple_struct_pattern type: (_) @binding.payload . (identifier) @binding.name))) @binding
(match_arm pattern: (match_pattern (tuple_struct_pattern type: (_) @binding.payload . (ref_pattern (identifier) @binding.name)))) @binding
(match_arm pattern: (match_pattern (tuple_struct_pattern type: (_) @binding.payload . (mut_pattern (identifier) @binding.name)))) @binding
(match_arm pattern: (match_pattern (tuple_struct_pattern type: (_) @binding.payload . (ref_pattern (mut_pattern (identifier) @binding.name))))) @binding
; one level in (`HirKind::Class(hir::Class::Unicode(ref cls))`): the inner variant's payload
(match_arm pattern: (match_pattern (tuple_struct_pattern (tuple_struct_pattern type: (_) @binding.payload . (identifier) @binding.name)))) @binding
(match_arm pattern: (match_pattern (tuple_struct_pattern (tuple_struct_pattern type: (_) @binding.payload . (ref_pattern (identifier) @binding.name))))) @binding
(match_arm pattern: (match_pattern (tuple_struct_pattern (tuple_struct_pattern type: (_) @binding.payload . (ref_pattern (mut_pattern (identifier) @binding.name)))))) @binding
(if_expression condition: (let_condition pattern: (tuple_struct_pattern type: (_) @binding.payload . (identifier) @binding.name))) @binding
(if_expression condition: (let_condition pattern: (tuple_struct_pattern type: (_) @binding.payload . (ref_pattern (identifier) @binding.name)))) @binding
(while_expression condition: (let_condition pattern: (tuple_struct_pattern type: (_) @binding.payload . (identifier) @binding.name))) @binding
; `for x in &xs`, `for x in xs.iter()`: an element of xs
(for_expression pattern: (identifier) @binding.name value: [(identifier) (field_expression)] @binding.element) @binding
(for_expression pattern: (identifier) @binding.name value: (reference_expression value: [(identifier) (field_expression)] @binding.element)) @binding
(for_expression pattern: (identifier) @binding.name value: (call_expression) @binding.element) @binding
; what an Iterator of the project gives (`type Item = &'a Range;`): its elements, as a collection's
(impl_item trait: (type_identifier) @_tr type: [(type_identifier) (generic_type type: (type_identifier))] @binding.items
  body: (declaration_list (type_item name: (type_identifier) @_it type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type))
  (#eq? @_tr "Iterator") (#eq? @_it "Item")) @binding
(impl_item trait: (type_identifier) @_tr type: [(type_identifier) (generic_type type: (type_identifier))] @binding.items
  body: (declaration_list (type_item name: (type_identifier) @_it type: (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)))
  (#eq? @_tr "Iterator") (#eq? @_it "Item")) @binding
(let_declaration pattern: (identifier) @binding.name type: [
  (type_identifier) @binding.type
  (generic_type) @binding.type
  (scoped_type_identifier) @binding.type
  (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)]) @binding
(let_declaration pattern: (identifier) @binding.name !type value: [(call_expression) (field_expression) (await_expression)] @binding.value) @binding
(let_declaration pattern: (identifier) @binding.name !type value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @binding.type)) @binding
(let_declaration pattern: (identifier) @binding.name !type value: (reference_expression value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @binding.type))) @binding
(field_declaration name: (field_identifier) @binding.name type: [
  (type_identifier) @binding.type
  (generic_type) @binding.type
  (scoped_type_identifier) @binding.type
  (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)]) @binding
(function_item name: (identifier) @binding.returns return_type: [
  (type_identifier) @binding.type
  (generic_type) @binding.type
  (scoped_type_identifier) @binding.type
  (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)]) @binding
(function_signature_item name: (identifier) @binding.returns return_type: [
  (type_identifier) @binding.type
  (generic_type) @binding.type
  (scoped_type_identifier) @binding.type
  (reference_type type: [(type_identifier) (generic_type) (scoped_type_identifier)] @binding.type)]) @binding
