; Vue single-file components: <script> is re-parsed as TypeScript or JavaScript (table:
; injection); upper-case template tags are components used here.
(script_element (start_tag (attribute (attribute_name) @_l (#eq? @_l "lang") (quoted_attribute_value (attribute_value) @injection.language))) (raw_text) @injection.content)
(script_element (start_tag) @_s (raw_text) @injection.content)
(element (start_tag (tag_name) @name (#match? @name "^[A-Z]"))) @reference.call
(element (self_closing_tag (tag_name) @name (#match? @name "^[A-Z]"))) @reference.call
