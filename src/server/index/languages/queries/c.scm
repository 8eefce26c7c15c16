; C (after c-common.scm).
(type_identifier) @reference.type
