; JavaScript / JSX (after ecma.scm).
(field_definition
  property: (_) @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(field_definition property: (_) @name) @definition.property

(class_heritage (identifier) @name) @reference.extends
(class_heritage (member_expression object: (_) @receiver property: (_) @name)) @reference.extends
