; Emacs Lisp.
(function_definition name: (symbol) @name docstring: (string)? @doc) @definition.function
(macro_definition name: (symbol) @name) @definition.macro
(special_form . (_) . (symbol) @name) @definition.variable
(list . (symbol) @_r (#eq? @_r "require") . (special_form (symbol) @import.source)) @import
(list . (symbol) @name (#not-any-of? @name "+" "-" "*" "/" "=" "<" ">" "let" "let*" "if" "when" "unless" "progn" "setq" "cond" "and" "or" "not" "require" "lambda")) @reference.call
