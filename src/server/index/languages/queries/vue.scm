; Vue single-file components: <script> is re-parsed as TypeScript or JavaScript (table:
; injection); upper-case template tags are components used here.
(script_element (start_tag (attribute (attribute_name) @_l (#eq? @_l "lang") (quoted_attribute_value (attribute_value) @injection.language))) (raw_text) @injection.content)
(script_element (start_tag) @_s (raw_text) @injection.content)
(element (start_tag (tag_name) @name (#match? @name "^[A-Z]"))) @reference.call
(element (self_closing_tag (tag_name) @name (#match? @name "^[A-Z]"))) @reference.call
; `<my-button>`: the component MyButton (a tag with a dash is no HTML element)
(element (start_tag (tag_name) @name (#match? @name "^[a-z][a-z0-9]*(-[a-z0-9]+)+$")) (#set! name.pascal)) @reference.call
(element (self_closing_tag (tag_name) @name (#match? @name "^[a-z][a-z0-9]*(-[a-z0-9]+)+$")) (#set! name.pascal)) @reference.call
; template expressions (`{{ total }}`, `:class="cx('root')"`, `@click="onClick($event)"`,
; `@click="hide"`): names of the component's instance, re-parsed as JavaScript with `this` the
; receiver of a bare name (parse.ts); not `v-for`'s and slots' patterns, which declare names
(interpolation (raw_text) @injection.content (#set! injection.self "this"))
(directive_attribute (directive_name) @_d (quoted_attribute_value (attribute_value) @injection.content) (#not-any-of? @_d "v-for" "v-slot" "#") (#set! injection.self "this"))
