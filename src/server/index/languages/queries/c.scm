; C (after c-common.scm).
(type_identifier) @name @reference.type
