; JSON: only the top-level keys (package.json scripts, tsconfig options...) are symbols.
(document (object (pair key: (string (string_content) @name)) @definition.property))
