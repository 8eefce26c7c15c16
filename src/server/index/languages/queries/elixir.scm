; Elixir: everything is a call; `defp`/`defmacrop` are private (#set!), `@doc` strings are docs.

(call target: (identifier) @_d (#any-of? @_d "defmodule" "defprotocol") (arguments (alias) @name)) @definition.module
((unary_operator operand: (call target: (identifier) @_a (#eq? @_a "doc") (arguments (string (quoted_content) @doc))))
  . (call target: (identifier) @_d (#any-of? @_d "def" "defdelegate" "defguard")
      (arguments [(call target: (identifier) @name) (identifier) @name (binary_operator left: (call target: (identifier) @name))])) @definition.function)
(call target: (identifier) @_d (#any-of? @_d "def" "defdelegate" "defguard")
  (arguments [(call target: (identifier) @name) (identifier) @name (binary_operator left: (call target: (identifier) @name))])) @definition.function
((call target: (identifier) @_d (#any-of? @_d "defp" "defguardp")
  (arguments [(call target: (identifier) @name) (identifier) @name (binary_operator left: (call target: (identifier) @name))])) @definition.function
  (#set! visibility private))
(call target: (identifier) @_d (#eq? @_d "defmacro") (arguments [(call target: (identifier) @name) (identifier) @name])) @definition.macro
((call target: (identifier) @_d (#eq? @_d "defmacrop") (arguments [(call target: (identifier) @name) (identifier) @name])) @definition.macro
  (#set! visibility private))
(call target: (identifier) @_d (#eq? @_d "defstruct")) @definition.struct @name

; alias/import/require/use
(call target: (identifier) @_i (#eq? @_i "alias") (arguments . (alias) @import.source (keywords (pair key: (keyword) @_as (#eq? @_as "as: ") value: (alias) @import.alias)))) @import
(call target: (identifier) @_i (#eq? @_i "alias") (arguments . (alias) @import.source .)) @import
(call target: (identifier) @_i (#any-of? @_i "import" "require" "use") (arguments . (alias) @import.source)) @import

(call target: (identifier) @_u (#eq? @_u "use") (arguments . (alias) @name)) @reference.implements
(call target: (dot left: (_) @receiver right: (identifier) @name)) @reference.call
(call target: (identifier) @name
  (#not-any-of? @name "def" "defp" "defmodule" "defmacro" "defmacrop" "defprotocol" "defimpl" "defstruct" "defdelegate" "defguard" "defguardp"
    "alias" "import" "require" "use" "if" "unless" "case" "cond" "with" "for" "fn" "quote" "unquote" "raise" "doc" "moduledoc" "spec" "type")) @reference.call
