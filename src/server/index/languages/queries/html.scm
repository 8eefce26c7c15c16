; HTML: inline <script> is re-parsed as JavaScript; external scripts are imports; ids are symbols.
(script_element (start_tag (attribute (attribute_name) @_s (#eq? @_s "src") (quoted_attribute_value (attribute_value) @import.source)))) @import
(script_element (start_tag) (raw_text) @injection.content)
(attribute (attribute_name) @_id (#eq? @_id "id") (quoted_attribute_value (attribute_value) @name)) @definition.variable
(element (start_tag (tag_name) @name (#match? @name "-"))) @reference.call
