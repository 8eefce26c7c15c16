; Python. Functions in a class become methods (`__init__` a constructor) by the table.

; ── definitions ──
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module (expression_statement (assignment left: (identifier) @name (#match? @name "^[A-Z][A-Z0-9_]*$")) @definition.constant))
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
(module (expression_statement (assignment left: [(pattern_list (identifier) @name) (tuple_pattern (identifier) @name)]) @definition.variable))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))

; ── imports ──
(import_statement name: (dotted_name) @import.source) @import
(import_statement name: (aliased_import name: (dotted_name) @import.source alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.source name: (dotted_name) @import.name) @import
(import_from_statement module_name: (_) @import.source name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
; a module's `from x import *` makes x's names its own: a re-export (Django's models/__init__.py)
(import_from_statement module_name: (_) @import.source (wildcard_import) @import.wildcard) @reexport

; ── heritage ──
(class_definition superclasses: (argument_list (identifier) @name)) @reference.extends
(class_definition superclasses: (argument_list (attribute object: (_) @receiver attribute: (identifier) @name))) @reference.extends

; ── calls (a class called is an instantiation; the resolver tells by the target's kind) ──
(call function: (identifier) @name) @reference.call
(call function: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
(decorator (identifier) @name) @reference.call
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call

; ── types ──
(type (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.type
(type (identifier) @name) @reference.type
(generic_type (identifier) @name) @reference.type
(type_parameter (type (identifier) @name)) @reference.type

; ── values ──
(argument_list (identifier) @name) @reference.value
(keyword_argument value: (identifier) @name) @reference.value

; ── typed names: annotations, `x = Foo()`, `x = mod.Foo()`, `x = make()`, return types ──
; (a class by its CapWords name; a lower-case callee is a function, typed by its return annotation:
; read as a type, it had been one from outside the project, which stopped every guess on `x`)
(typed_parameter (identifier) @binding.name type: (type) @binding.type) @binding
(typed_default_parameter name: (identifier) @binding.name type: (type) @binding.type) @binding
(assignment left: (identifier) @binding.name type: (type) @binding.type) @binding
(assignment left: (identifier) @binding.name !type right: (call function: (identifier) @binding.type (#match? @binding.type "^_*[A-Z]"))) @binding
; `self.x = Repo()`: a field (a method's assignment is the class's, where __init__ gives none)
(assignment left: (attribute object: (identifier) @_o attribute: (identifier) @binding.member) right: (call function: (identifier) @binding.type (#match? @binding.type "^_*[A-Z]")) (#eq? @_o "self")) @binding
(assignment left: (attribute object: (identifier) @_o attribute: (identifier) @binding.name) right: (call function: (identifier) @binding.type (#match? @binding.type "^_*[A-Z]")) (#not-eq? @_o "self")) @binding
(assignment left: (identifier) @binding.name !type right: (call function: (identifier) @_f) @binding.value (#match? @_f "^_*[a-z]")) @binding
; `u = await repo.find(1)`: what the coroutine returns
(assignment left: (identifier) @binding.name !type right: (await (call)) @binding.value) @binding
; `q = sql.UpdateQuery(m)` in a function (and one block down): in a class body the same reads a
; descriptor (a Django field `author = models.ForeignKey(User)` gives instances a User)
(function_definition body: (block (expression_statement (assignment left: (identifier) @binding.name !type right: (call function: (attribute attribute: (identifier) @_c)) @binding.value (#match? @_c "^_*[A-Z]")) @binding)))
(function_definition body: (block (_ [(block (expression_statement (assignment left: (identifier) @binding.name !type right: (call function: (attribute attribute: (identifier) @_c)) @binding.value (#match? @_c "^_*[A-Z]")) @binding)) (_ (block (expression_statement (assignment left: (identifier) @binding.name !type right: (call function: (attribute attribute: (identifier) @_c)) @binding.value (#match? @_c "^_*[A-Z]")) @binding)))])))
(assignment left: (attribute object: (identifier) attribute: (identifier) @binding.name) right: (call function: (attribute attribute: (identifier) @_c)) @binding.value (#match? @_c "^_*[A-Z]")) @binding
(function_definition name: (identifier) @binding.returns return_type: (type) @binding.type) @binding
