// Ground truth for Java call edges: every method call and `new` of the corpus, attributed by javac
// (the compiler tree API, all files in one task), printed as one JSON object per line: where the
// callee's name is written, and the declaration javac says it names (the method overload it
// chose; for `new`, the class). The corpus is compiled as module java.base's own sources
// (--patch-module), so it needs nothing but the JDK.
//
// With -docs it prints the first sentence of the Javadoc of classes and methods instead (search
// queries).
//
//   java Truth.java <src root> [-docs]
import com.sun.source.doctree.DocCommentTree;
import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import javax.lang.model.element.*;
import javax.tools.*;

public class Truth {
  static Path root;
  static Trees trees;
  static DocTrees docTrees;
  static final PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);

  public static void main(String[] args) throws Exception {
    root = Path.of(args[0]).toRealPath();
    boolean docs = args.length > 1 && args[1].equals("-docs");
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("module-info.java")).sorted().collect(Collectors.toList());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
    // attribute everything even where some file has an error (the default stops before it)
    List<String> opts = List.of("--patch-module", "java.base=" + root, "-proc:none", "-implicit:none", "-XDshould-stop.ifError=FLOW", "-Xlint:none", "-nowarn");
    JavacTask task = (JavacTask) javac.getTask(null, fm, d -> {}, opts, null, fm.getJavaFileObjectsFromPaths(files));
    Iterable<? extends CompilationUnitTree> units = task.parse();
    task.analyze();
    trees = Trees.instance(task);
    docTrees = DocTrees.instance(task);
    for (CompilationUnitTree cu : units) {
      if (docs) new DocScanner(cu).scan(cu, null);
      else new CallScanner(cu).scan(cu, null);
    }
    out.flush();
  }

  static String rel(CompilationUnitTree cu) {
    Path p = Path.of(cu.getSourceFile().toUri());
    return root.relativize(p).toString().replace('\\', '/');
  }

  static int line(CompilationUnitTree cu, long pos) {
    return (int) cu.getLineMap().getLineNumber(pos);
  }

  static String q(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  /** Where a declaration's name is: the line of its return type, or its own start past modifiers. */
  static int declLine(CompilationUnitTree cu, Tree t) {
    SourcePositions sp = trees.getSourcePositions();
    if (t instanceof MethodTree m && m.getReturnType() != null) return line(cu, sp.getStartPosition(cu, m.getReturnType()));
    ModifiersTree mods = t instanceof MethodTree m ? m.getModifiers() : t instanceof ClassTree c ? c.getModifiers() : t instanceof VariableTree v ? v.getModifiers() : null;
    long end = mods == null ? -1 : sp.getEndPosition(cu, mods);
    return line(cu, end > 0 ? end : sp.getStartPosition(cu, t));
  }

  static class CallScanner extends TreePathScanner<Void, Void> {
    final CompilationUnitTree cu;
    final String file;
    final String[] lines;
    /** Enclosing declarations: codeindex's caller is the innermost method (an anonymous class's
     *  too), or the field a value initialises, else the class. */
    final Deque<String[]> callers = new ArrayDeque<>();

    CallScanner(CompilationUnitTree cu) throws Exception {
      this.cu = cu;
      this.file = rel(cu);
      this.lines = cu.getSourceFile().getCharContent(true).toString().split("\n", -1);
    }

    @Override public Void visitClass(ClassTree node, Void v) {
      if (node.getSimpleName().length() == 0) return super.visitClass(node, v); // anonymous: no node of its own
      callers.push(new String[] { node.getSimpleName().toString(), String.valueOf(declLine(cu, node)) });
      try { return super.visitClass(node, v); } finally { callers.pop(); }
    }

    // (a method of an anonymous class is a node of ours too, inside the method that makes it)
    @Override public Void visitMethod(MethodTree node, Void v) {
      String name = node.getName().contentEquals("<init>") ? enclosingClassName() : node.getName().toString();
      callers.push(new String[] { name, String.valueOf(declLine(cu, node)) });
      try { return super.visitMethod(node, v); } finally { callers.pop(); }
    }

    @Override public Void visitVariable(VariableTree node, Void v) {
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      if (!(parent instanceof ClassTree)) return super.visitVariable(node, v);
      callers.push(new String[] { node.getName().toString(), String.valueOf(declLine(cu, node)) });
      try { return super.visitVariable(node, v); } finally { callers.pop(); }
    }

    String enclosingClassName() {
      for (TreePath p = getCurrentPath().getParentPath(); p != null; p = p.getParentPath()) {
        if (p.getLeaf() instanceof ClassTree c) return c.getSimpleName().toString();
      }
      return "";
    }

    @Override public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
      ExpressionTree sel = node.getMethodSelect();
      SourcePositions sp = trees.getSourcePositions();
      String name, recv;
      long pos;
      if (sel instanceof IdentifierTree id) {
        name = id.getName().toString();
        recv = "bare";
        pos = sp.getStartPosition(cu, id);
      } else if (sel instanceof MemberSelectTree ms) {
        name = ms.getIdentifier().toString();
        ExpressionTree x = ms.getExpression();
        String xs = x.toString();
        recv = xs.equals("this") ? "this" : xs.equals("super") ? "super" : x instanceof IdentifierTree || x instanceof MemberSelectTree ? "name" : "expression";
        pos = sp.getEndPosition(cu, ms) - name.length();
      } else {
        return super.visitMethodInvocation(node, v);
      }
      if (!name.equals("this") && !name.equals("super")) { // constructor chaining: not a call edge
        Element e = trees.getElement(new TreePath(getCurrentPath(), sel));
        emit(name, pos, recv, e, "method");
      }
      return super.visitMethodInvocation(node, v);
    }

    @Override public Void visitNewClass(NewClassTree node, Void v) {
      Tree id = node.getIdentifier();
      if (id instanceof ParameterizedTypeTree pt) id = pt.getType();
      if (id instanceof AnnotatedTypeTree at) id = at.getUnderlyingType();
      String name = id instanceof MemberSelectTree ms ? ms.getIdentifier().toString() : id instanceof IdentifierTree it ? it.getName().toString() : null;
      if (name != null) {
        SourcePositions sp = trees.getSourcePositions();
        long pos = sp.getEndPosition(cu, id) - name.length();
        Element e = trees.getElement(new TreePath(getCurrentPath(), id));
        emit(name, pos, node.getEnclosingExpression() != null ? "expression" : "bare", e, "class");
      }
      return super.visitNewClass(node, v);
    }

    void emit(String name, long pos, String recv, Element e, String kind) {
      if (pos < 0) return; // an enum constant's implicit `new`: no call in the source
      int ln = line(cu, pos);
      StringBuilder b = new StringBuilder("{\"file\":").append(q(file)).append(",\"line\":").append(ln).append(",\"name\":").append(q(name));
      String code = ln - 1 < lines.length ? lines[ln - 1].trim() : "";
      b.append(",\"code\":").append(q(code.length() > 160 ? code.substring(0, 160) : code)).append(",\"recv\":").append(q(recv));
      String[] c = callers.peek();
      if (c != null) b.append(",\"caller\":").append(q(c[0])).append(",\"cline\":").append(c[1]);
      if (e == null || e.asType().getKind() == javax.lang.model.type.TypeKind.ERROR) {
        b.append(",\"what\":\"unknown\"");
      } else {
        b.append(",\"what\":").append(q(e.getKind() == ElementKind.CONSTRUCTOR ? "constructor" : kind));
        TreePath decl = trees.getPath(e);
        if (decl != null && decl.getCompilationUnit().getSourceFile().toUri().getScheme().equals("file")) {
          CompilationUnitTree dcu = decl.getCompilationUnit();
          String tname = e.getKind() == ElementKind.CONSTRUCTOR ? e.getEnclosingElement().getSimpleName().toString() : e.getSimpleName().toString();
          b.append(",\"tfile\":").append(q(rel(dcu))).append(",\"tline\":").append(declLine(dcu, decl.getLeaf())).append(",\"tname\":").append(q(tname));
        }
      }
      out.println(b.append('}'));
    }
  }

  static class DocScanner extends TreePathScanner<Void, Void> {
    final CompilationUnitTree cu;
    final String file;

    DocScanner(CompilationUnitTree cu) {
      this.cu = cu;
      this.file = rel(cu);
    }

    void doc(String name, Tree t) {
      DocCommentTree dc = docTrees.getDocCommentTree(getCurrentPath());
      if (dc == null || dc.getFirstSentence().isEmpty()) return;
      String text = dc.getFirstSentence().stream().map(Object::toString).collect(Collectors.joining()).replaceAll("\\{@\\w+\\s+([^}]*)\\}", "$1").replaceAll("<[^>]+>", "").replaceAll("\\s+", " ").trim();
      if (text.isEmpty()) return;
      out.println("{\"file\":" + q(file) + ",\"line\":" + declLine(cu, t) + ",\"name\":" + q(name) + ",\"doc\":" + q(text) + "}");
    }

    @Override public Void visitClass(ClassTree node, Void v) {
      if (node.getSimpleName().length() == 0) return null;
      doc(node.getSimpleName().toString(), node);
      return super.visitClass(node, v);
    }

    @Override public Void visitMethod(MethodTree node, Void v) {
      if (!node.getName().contentEquals("<init>")) doc(node.getName().toString(), node);
      return null;
    }
  }
}
