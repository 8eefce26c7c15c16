// Ruby 3.1's core methods: the instance, private and singleton methods of BasicObject, Object, Kernel,
// Array, Hash, String, Symbol, Integer, Float, Numeric, Range, Enumerable, Enumerator, Comparable,
// IO, File, Dir, Proc, Method, Struct, Time, Regexp, MatchData, Exception, NilClass, TrueClass, Module
// and Class, as `ruby -e` lists them (setters and `_` names left out). A member call of one of these
// names on a receiver of unknown type is most likely the core class's, never the one project
// method of the name (Ruby's standard library: `.last`, `.flatten`, `.encode` had been guessed).
export const RUBY_CORE_MEMBERS: string[] = (
  'abort abs abs2 absolute_path absolute_path? advise alias_method all? all_symbols allbits? ' +
  'allocate ancestors angle any? anybits? append append_features arg arity ascii_only? asctime ' +
  'assoc at at_exit atime attr attr_accessor attr_reader attr_writer autoclose? autoload autoload? ' +
  'b backtrace backtrace_locations basename begin between? binding binmode binmode? binread ' +
  'binwrite birthtime bit_length block_given? blockdev? bsearch bsearch_index bytes bytesize ' +
  'byteslice call caller caller_locations capitalize capitalize! captures casecmp casecmp? ' +
  'casefold? catch cause ceil center chain chardev? chars chdir children chmod chomp chomp! chop ' +
  'chop! chown chr chroot chunk chunk_while clamp class class_eval class_exec ' +
  'class_variable_defined? class_variable_get class_variable_set class_variables clear clone close ' +
  'close_on_exec? close_read close_write closed? codepoints coerce collect collect! collect_concat ' +
  'combination compact compact! compare_by_identity compare_by_identity? compile concat conj ' +
  'conjugate const_defined? const_get const_missing const_set const_source_location constants ' +
  'copy_stream count cover? crypt ctime curry cycle day deconstruct deconstruct_keys default ' +
  'default_proc define_method define_singleton_method delete delete! delete_at delete_if ' +
  'delete_prefix delete_prefix! delete_suffix delete_suffix! denominator deprecate_constant detect ' +
  'difference dig digits directory? dirname display div divmod downcase downcase! downto drop ' +
  'drop_while dst? dump dup each each_byte each_char each_child each_codepoint each_cons ' +
  'each_entry each_grapheme_cluster each_index each_key each_line each_pair each_slice each_value ' +
  'each_with_index each_with_object empty? encode encode! encoding end end_with? entries enum_for ' +
  'eof eof? eql? equal? escape eval even? except exception exclude_end? exec executable? ' +
  'executable_real? exist? exists? exit exit! expand_path extend extend_object extended ' +
  'external_encoding extname fail fcntl fdatasync fdiv feed fetch fetch_values file? fileno fill ' +
  'filter filter! filter_map find find_all find_index finite? first fixed_encoding? flat_map ' +
  'flatten flatten! flock floor flush fnmatch fnmatch? for_fd force_encoding foreach fork format ' +
  'freeze friday? frozen? fsync ftype full_message gcd gcdlcm gem gem_original_require getbyte ' +
  'getc getgm getlocal gets getutc getwd glob global_variables gm gmt? gmt_offset gmtime gmtoff ' +
  'grapheme_clusters grep grep_v group_by grpowned? gsub gsub! has_key? has_value? hash hex home ' +
  'hour i id2name identical? imag imaginary include include? included included_modules index ' +
  'infinite? inherited initialize initialize_clone initialize_copy initialize_dup inject insert ' +
  'inspect instance_eval instance_exec instance_method instance_methods instance_of? ' +
  'instance_variable_defined? instance_variable_get instance_variable_set instance_variables ' +
  'integer? intern internal_encoding intersect? intersection invert ioctl is_a? isatty isdst ' +
  'iterator? itself join keep_if key key? keys kind_of? lambda lambda? last last_match lazy lchmod ' +
  'lchown lcm length lineno lines link ljust load local local_variables localtime loop lstat ' +
  'lstrip lstrip! lutime magnitude map map! match match? match_length max max_by mday member? ' +
  'members merge merge! message method method_added method_defined? method_missing method_removed ' +
  'method_undefined methods min min_by minmax minmax_by mkdir mkfifo mktime module_eval ' +
  'module_exec module_function modulo mon monday? month mtime name named_captures names nan? ' +
  'negative? nesting new next next! next_float next_values nil? nobits? none? nonzero? now nsec ' +
  'numerator object_id oct odd? offset one? open options ord original_name owned? owner p pack ' +
  'parameters partition path peek peek_values permutation phase pid pipe pipe? polar pop popen pos ' +
  'positive? post_match pow pp pre_match pread pred prepend prepend_features prepended prev_float ' +
  'print printf private private? private_class_method private_constant private_instance_methods ' +
  'private_method_defined? private_methods proc produce product protected protected? ' +
  'protected_instance_methods protected_method_defined? protected_methods public public? ' +
  'public_class_method public_constant public_instance_method public_instance_methods ' +
  'public_method public_method_defined? public_methods public_send push putc puts pwd pwrite quo ' +
  'quote raise rand rassoc rationalize read read_nonblock readable? readable_real? readbyte ' +
  'readchar readline readlines readlink readpartial real real? realdirpath realpath receiver rect ' +
  'rectangular reduce refine regexp rehash reject reject! remainder remove_class_variable ' +
  'remove_const remove_instance_variable remove_method rename reopen repeated_combination ' +
  'repeated_permutation replace require require_relative respond_to? respond_to_missing? reverse ' +
  'reverse! reverse_each rewind rindex rjust rmdir rotate rotate! round rpartition rstrip rstrip! ' +
  'ruby2_keywords ruby2_keywords_hash ruby2_keywords_hash? sample saturday? scan scrub scrub! sec ' +
  'seek select select! send set_backtrace set_encoding set_encoding_by_bom set_trace_func setbyte ' +
  'setgid? setuid? shift shuffle shuffle! singleton_class singleton_class? singleton_method ' +
  'singleton_method_added singleton_method_removed singleton_method_undefined singleton_methods ' +
  'size size? sleep slice slice! slice_after slice_before slice_when socket? sort sort! sort_by ' +
  'sort_by! source source_location spawn split sprintf sqrt squeeze squeeze! srand start_with? ' +
  'stat step sticky? store strftime string strip strip! sub sub! subclasses subsec succ succ! sum ' +
  'sunday? super_method superclass swapcase swapcase! symlink symlink? sync syscall sysopen ' +
  'sysread sysseek system syswrite taint tainted? take take_while tally tap tell test then throw ' +
  'thursday? times to_a to_ary to_c to_enum to_f to_h to_hash to_i to_int to_io to_path to_proc ' +
  'to_r to_s to_str to_sym to_tty? tr tr! tr_s tr_s! trace_var transform_keys transform_keys! ' +
  'transform_values transform_values! transpose trap truncate trust try_convert tty? tuesday? ' +
  'tv_nsec tv_sec tv_usec umask unbind undef_method undump ungetbyte ungetc unicode_normalize ' +
  'unicode_normalize! unicode_normalized? union uniq uniq! unlink unpack unpack1 unshift untaint ' +
  'untrace_var untrust untrusted? upcase upcase! update upto usec used_modules using utc utc? ' +
  'utc_offset utime valid_encoding? value? values values_at warn wday wednesday? with_index ' +
  'with_object world_readable? world_writable? writable? writable_real? write write_nonblock yday ' +
  'year yield yield_self zero? zip zone'
).split(' ');
