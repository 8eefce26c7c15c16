; JSX elements: an upper-case element name is a component used (called) here.
(jsx_opening_element name: (identifier) @name (#match? @name "^[A-Z]")) @reference.call
(jsx_self_closing_element name: (identifier) @name (#match? @name "^[A-Z]")) @reference.call
(jsx_opening_element name: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
(jsx_self_closing_element name: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
(jsx_expression (identifier) @name) @reference.value
