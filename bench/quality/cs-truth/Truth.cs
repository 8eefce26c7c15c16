// Ground truth for C# call edges: every method call and `new` of the corpus, resolved by
// NRefactory 5's C# resolver (the engine of MonoDevelop's semantic features) over all files in
// one compilation, with Mono's framework assemblies as references. Prints one JSON object per
// line: where the callee's name is written, and the declaration the resolver chose (the method
// overload; for `new`, the class). Declarations outside the corpus (the framework's) are
// "external"; a call the resolver could not bind is "unknown".
//
// With -docs it prints the first sentence of the XML doc <summary> of types and methods instead
// (search queries).
//
//   mono Truth.exe <src root> [-docs]
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using ICSharpCode.NRefactory;
using ICSharpCode.NRefactory.CSharp;
using ICSharpCode.NRefactory.CSharp.Resolver;
using ICSharpCode.NRefactory.Semantics;
using ICSharpCode.NRefactory.TypeSystem;

static class Truth {
  static string root;
  static readonly TextWriter Out = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = false };

  static int Main(string[] args) {
    root = Path.GetFullPath(args[0]).TrimEnd('/');
    bool docs = args.Length > 1 && args[1] == "-docs";
    var files = Directory.GetFiles(root, "*.cs", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal).ToList();
    var parser = new CSharpParser();
    var trees = new List<SyntaxTree>();
    foreach (var f in files) trees.Add(parser.Parse(File.ReadAllText(f), f));
    if (docs) {
      foreach (var t in trees) Docs(t);
      Out.Flush();
      return 0;
    }
    var unresolved = trees.Select(t => t.ToTypeSystem()).ToList();
    IProjectContent pc = new CSharpProjectContent().AddOrUpdateFiles(unresolved);
    // the framework: every assembly of Mono's 4.5 profile that loads
    var loader = new ICSharpCode.NRefactory.TypeSystem.CecilLoader();
    var refs = new List<IUnresolvedAssembly>();
    foreach (var dll in Directory.GetFiles("/usr/lib/mono/4.5", "*.dll")) {
      try { refs.Add(loader.LoadAssemblyFile(dll)); } catch (Exception) { }
    }
    pc = pc.AddAssemblyReferences(refs);
    var comp = pc.CreateCompilation();
    for (int i = 0; i < trees.Count; i++) {
      var resolver = new CSharpAstResolver(comp, trees[i], unresolved[i]);
      new CallVisitor(trees[i], resolver, File.ReadAllLines(files[i])).Visit();
    }
    Out.Flush();
    return 0;
  }

  static string Rel(string path) { return path.StartsWith(root + "/") ? path.Substring(root.Length + 1) : null; }

  static string Q(string s) {
    var b = new StringBuilder("\"");
    foreach (char c in s) {
      if (c == '"' || c == '\\') b.Append('\\').Append(c);
      else if (c < 0x20) b.AppendFormat("\\u{0:x4}", (int)c);
      else b.Append(c);
    }
    return b.Append('"').ToString();
  }

  /** A declaration's line: its name's, past attributes and modifiers. */
  static int DeclLine(AstNode d) {
    var name = d.GetChildByRole(Roles.Identifier);
    return !name.IsNull ? name.StartLocation.Line : d.StartLocation.Line;
  }

  class CallVisitor {
    readonly SyntaxTree tree;
    readonly CSharpAstResolver resolver;
    readonly string[] lines;
    readonly string file;

    public CallVisitor(SyntaxTree tree, CSharpAstResolver resolver, string[] lines) {
      this.tree = tree; this.resolver = resolver; this.lines = lines; file = Rel(tree.FileName);
    }

    public void Visit() {
      foreach (var n in tree.Descendants) {
        var inv = n as InvocationExpression;
        if (inv != null) Invocation(inv);
        var oce = n as ObjectCreateExpression;
        if (oce != null) Creation(oce);
      }
    }

    void Invocation(InvocationExpression inv) {
      string name, recv;
      TextLocation pos;
      var id = inv.Target as IdentifierExpression;
      var mr = inv.Target as MemberReferenceExpression;
      if (id != null) { name = id.Identifier; recv = "bare"; pos = id.IdentifierToken.StartLocation; }
      else if (mr != null) {
        name = mr.MemberName; pos = mr.MemberNameToken.StartLocation;
        var x = mr.Target;
        recv = x is ThisReferenceExpression ? "this" : x is BaseReferenceExpression ? "base"
          : x is IdentifierExpression || x is MemberReferenceExpression || x is TypeReferenceExpression ? "name" : "expression";
      } else return;
      var rr = resolver.Resolve(inv) as InvocationResolveResult;
      IEntity target = rr == null || rr.IsError ? null : rr.Member;
      // a delegate's Invoke is no declaration of the corpus: the call goes through a value
      if (target != null && target.Name == "Invoke" && target.DeclaringTypeDefinition != null && target.DeclaringTypeDefinition.Kind == TypeKind.Delegate && name != "Invoke")
        Emit(name, pos, recv, inv, null, "delegate");
      else Emit(name, pos, recv, inv, target, "method");
    }

    void Creation(ObjectCreateExpression oce) {
      AstType t = oce.Type;
      string name; TextLocation pos;
      var st = t as SimpleType; var mt = t as MemberType;
      if (st != null) { name = st.Identifier; pos = st.IdentifierToken.StartLocation; }
      else if (mt != null) { name = mt.MemberName; pos = mt.MemberNameToken.StartLocation; }
      else return;
      var rr = resolver.Resolve(oce);
      IType type = rr.IsError ? null : rr.Type;
      Emit(name, pos, "bare", oce, type == null ? null : type.GetDefinition(), "class");
    }

    void Emit(string name, TextLocation pos, string recv, AstNode at, IEntity e, string kind) {
      int ln = pos.Line;
      var b = new StringBuilder("{\"file\":").Append(Q(file)).Append(",\"line\":").Append(ln).Append(",\"name\":").Append(Q(name));
      string code = ln - 1 < lines.Length ? lines[ln - 1].Trim() : "";
      b.Append(",\"code\":").Append(Q(code.Length > 160 ? code.Substring(0, 160) : code)).Append(",\"recv\":").Append(Q(recv));
      var caller = Caller(at);
      if (caller != null) b.Append(",\"caller\":").Append(Q(caller.Item1)).Append(",\"cline\":").Append(caller.Item2);
      if (kind == "delegate") b.Append(",\"what\":\"delegate\"");
      else if (e == null) b.Append(",\"what\":\"unknown\"");
      else {
        // a constructor's target is its class, as `new` is
        bool ctor = e.SymbolKind == SymbolKind.Constructor;
        b.Append(",\"what\":").Append(Q(ctor ? "constructor" : kind));
        IEntity decl = ctor ? (IEntity)e.DeclaringTypeDefinition : e;
        var member = decl as IMember;
        if (member != null && member.MemberDefinition != null) decl = member.MemberDefinition;
        DomRegion region = decl == null ? DomRegion.Empty : decl.Region, body = decl == null ? DomRegion.Empty : decl.BodyRegion;
        var type = decl as ITypeDefinition;
        if (type != null && type.Parts.Count > 1) {
          // a partial class is one class in several files: the part that declares the constructor
          // called, else the one in the file of the shortest path (Form.cs, not Form.Designer.cs)
          var part = type.Parts.FirstOrDefault(p => ctor && e.Region.FileName != null && p.Region.FileName == e.Region.FileName)
            ?? type.Parts.Where(p => p.Region.FileName != null).OrderBy(p => p.Region.FileName.Length).FirstOrDefault() ?? type.Parts[0];
          region = part.Region; body = part.BodyRegion;
        }
        string tfile = region.FileName == null ? null : Rel(region.FileName);
        if (tfile != null) {
          // the line inside the declaration: its body's start, else its end (an abstract member's `;`)
          int tline = !body.IsEmpty ? body.BeginLine : region.EndLine;
          b.Append(",\"tfile\":").Append(Q(tfile)).Append(",\"tline\":").Append(tline).Append(",\"tname\":").Append(Q(decl.Name));
        }
      }
      Out.WriteLine(b.Append('}').ToString());
    }

    /** codeindex's caller: the innermost method, constructor, accessor's property, or the field a
     *  value initialises, else the type. */
    static Tuple<string, int> Caller(AstNode n) {
      for (var p = n.Parent; p != null; p = p.Parent) {
        if (p is MethodDeclaration || p is PropertyDeclaration || p is IndexerDeclaration || p is OperatorDeclaration || p is EventDeclaration || p is CustomEventDeclaration)
          return Tuple.Create(((EntityDeclaration)p).Name, DeclLine(p));
        if (p is ConstructorDeclaration || p is DestructorDeclaration) {
          var type = p.Parent as TypeDeclaration;
          return type == null ? null : Tuple.Create(type.Name, DeclLine(p));
        }
        var fd = p as FieldDeclaration;
        if (fd != null) {
          var v = fd.Variables.FirstOrDefault();
          if (v != null) return Tuple.Create(v.Name, v.StartLocation.Line);
        }
        var td = p as TypeDeclaration;
        if (td != null) return Tuple.Create(td.Name, DeclLine(td));
      }
      return null;
    }
  }

  static readonly Regex Tag = new Regex("<(?:see|paramref|typeparamref)\\s+\\w+=\"([^\"]*)\"\\s*/>|<[^>]+>");

  static void Docs(SyntaxTree t) {
    string file = Rel(t.FileName);
    foreach (var d in t.Descendants.OfType<EntityDeclaration>()) {
      if (!(d is TypeDeclaration || d is MethodDeclaration)) continue;
      // the `///` lines above it: the declaration's first children (the parser puts them there)
      var text = new StringBuilder();
      for (var c = d.FirstChild; c is Comment || c is NewLineNode || c is WhitespaceNode; c = c.NextSibling) {
        var doc = c as Comment;
        if (doc != null && doc.CommentType == CommentType.Documentation) text.Append(doc.Content).Append('\n');
      }
      var m = Regex.Match(text.ToString(), "<summary>(.*?)</summary>", RegexOptions.Singleline);
      if (!m.Success) continue;
      string s = Regex.Replace(Tag.Replace(m.Groups[1].Value, "$1"), "\\s+", " ").Trim();
      int dot = s.IndexOf(". ");
      if (dot > 0) s = s.Substring(0, dot + 1);
      if (s.Length == 0) continue;
      Out.WriteLine("{\"file\":" + Q(file) + ",\"line\":" + DeclLine(d) + ",\"name\":" + Q(d.Name) + ",\"doc\":" + Q(s) + "}");
    }
  }
}
