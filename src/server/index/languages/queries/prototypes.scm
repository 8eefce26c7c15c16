; JavaScript's classic prototypes (before ecma.scm: these win over its general patterns for the
; same names). TypeScript declares classes instead, and its query does not pay for these.

; `Foo.prototype = { bar: function () {}, baz() {} }`: methods of Foo (or NS.Foo), as `Foo.prototype.bar = ...`
(assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @scope property: (property_identifier) @_p)
  right: (object [
    (pair key: (property_identifier) @name value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)])
    (method_definition name: (property_identifier) @name)] @definition.method)
  (#eq? @_p "prototype"))
; `Object.assign(Foo.prototype, { bar: function () {} })` (`_.extend`, `$.extend`): the same
(call_expression
  function: (member_expression property: (property_identifier) @_f)
  arguments: (arguments . (member_expression object: [(identifier) (member_expression)] @scope property: (property_identifier) @_p) . (object [
    (pair key: (property_identifier) @name value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)])
    (method_definition name: (property_identifier) @name)] @definition.method))
  (#any-of? @_f "assign" "extend" "mixin") (#eq? @_p "prototype"))
; classic inheritance, written beside the constructor function: `Child.prototype =
; Object.create(Base.prototype)`, `util.inherits(Child, Base)` (@scope: the subclass, this ref's
; `from`). Not `Child.prototype = new Base()`: one name is one reference, and that one is the
; instantiation the compiler sees.
(assignment_expression
  left: (member_expression object: (identifier) @scope property: (property_identifier) @_p)
  right: (call_expression
    function: (member_expression object: (identifier) @_o property: (property_identifier) @_c)
    arguments: (arguments . (member_expression object: [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)] property: (property_identifier) @_p2)))
  (#eq? @_p "prototype") (#eq? @_o "Object") (#eq? @_c "create") (#eq? @_p2 "prototype")) @reference.extends
(expression_statement (call_expression
  function: [(identifier) @_f (member_expression property: (property_identifier) @_f)]
  arguments: (arguments . (identifier) @scope . [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)] .)
  (#eq? @_f "inherits")) @reference.extends)
; a mixin: `Object.assign(Foo.prototype, Emitter.prototype)` (`_.extend`, `$.extend`)
(call_expression
  function: (member_expression property: (property_identifier) @_f)
  arguments: (arguments . (member_expression object: (identifier) @scope property: (property_identifier) @_p)
    (member_expression object: [(identifier) @name (member_expression object: (_) @receiver property: (property_identifier) @name)] property: (property_identifier) @_p2))
  (#any-of? @_f "assign" "extend" "mixin") (#eq? @_p "prototype") (#eq? @_p2 "prototype")) @reference.extends

; `A.prototype.m = B.prototype.m`: a member copied from another constructor's prototype (a
; partial mixin): A has B's members (its binding `...`), with no extends edge
(expression_statement (assignment_expression
  left: (member_expression object: (member_expression object: (identifier) @scope @binding.supertype property: (property_identifier) @_p) property: (property_identifier))
  right: (member_expression object: (member_expression object: (identifier) @binding.type property: (property_identifier) @_p2) property: (property_identifier)))
  (#eq? @_p "prototype") (#eq? @_p2 "prototype")) @binding
