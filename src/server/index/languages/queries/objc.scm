; Objective-C (after c-common.scm). `@implementation Foo` is a container for its methods.
(class_interface . (identifier) @name) @definition.class
(class_implementation . (identifier) @name) @container
(protocol_declaration . (identifier) @name) @definition.interface
; a method is named by its selector's first part (`sendEvent` of `sendEvent:payload:`), the
; identifier right after its return type; the later parts are no methods of their own
(method_declaration (method_type) . (identifier) @name) @definition.method
(method_declaration . (identifier) @name) @definition.method
(method_definition (method_type) . (identifier) @name) @definition.method
(method_definition . (identifier) @name) @definition.method
(property_declaration (struct_declaration (struct_declarator (identifier) @name))) @definition.property
(property_declaration (struct_declaration (struct_declarator (pointer_declarator (identifier) @name)))) @definition.property

(class_interface superclass: (identifier) @name) @reference.extends
(class_interface (parameterized_arguments (type_name (type_identifier) @name))) @reference.implements
(message_expression receiver: (_) @receiver . method: (identifier) @name) @reference.call
(type_identifier) @reference.type
