; INI: sections and settings.
(section (section_name (text) @name)) @definition.module
(setting (setting_name) @name) @definition.property
