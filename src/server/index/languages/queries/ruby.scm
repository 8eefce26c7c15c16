; Ruby. `private` / `protected` lines are access labels (table); `initialize` is the constructor.

; ── definitions ──
(class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
(module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(assignment left: (constant) @name) @definition.constant
(call method: (identifier) @_a (#any-of? @_a "attr_reader" "attr_writer" "attr_accessor")
  arguments: (argument_list (simple_symbol) @name) @definition.property)

; ── imports ──
(call method: (identifier) @_r (#any-of? @_r "require" "require_relative" "load")
  arguments: (argument_list . (string (string_content) @import.source))) @import

; ── heritage and mixins ──
(superclass [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]) @reference.extends
(call method: (identifier) @_i (#any-of? @_i "include" "extend" "prepend")
  arguments: (argument_list [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)])) @reference.implements

; ── calls ──
(call receiver: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)] method: (identifier) @_n (#eq? @_n "new")) @reference.new
(call receiver: (_) @receiver method: (identifier) @name) @reference.call
(call !receiver method: (identifier) @name) @reference.call
(scope_resolution scope: (_) @receiver name: (constant) @name) @reference.value
(argument_list (constant) @name) @reference.value

; ── bindings: `repo = Repo.new`, `@repo = Repo.new` (an instance variable: the class's, where
; `initialize` or another method sets it) ──
(assignment left: (identifier) @binding.name right: (call receiver: [(constant) (scope_resolution)] @binding.type method: (identifier) @_n (#eq? @_n "new"))) @binding
(assignment left: (instance_variable) @binding.member right: (call receiver: [(constant) (scope_resolution)] @binding.type method: (identifier) @_n (#eq? @_n "new"))) @binding
