; TOML: tables and their keys.
(table [(bare_key) (dotted_key) (quoted_key)] @name) @definition.module
(table_array_element [(bare_key) (dotted_key) (quoted_key)] @name) @definition.module
(pair [(bare_key) (dotted_key) (quoted_key)] @name) @definition.property
