// The spel bench's JVM side: the same cases in Spring's own SpEL, interpreted and compiled to bytecode, timed the
// way run-bench.ts times ours. It reads the cases on standard input (`jvm.ts` writes them: their length in
// characters on a line, then the cases) and warms them all up. Then `size N` warms case N up again and sizes its
// rounds, answering whether Spring compiled it and its result as Java prints it (which the bench compares with
// ours before it counts a row); each `round N` runs one round of case N, interpreted and compiled, and answers
// their rates. The bench alternates these rounds with its own, as it alternates its runners, so that a change of
// load on a shared machine reaches both alike; this process waits (uses no CPU) while ours run.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.expression.AccessException;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.PropertyAccessor;
import org.springframework.expression.TypedValue;
import org.springframework.expression.spel.SpelCompilerMode;
import org.springframework.expression.spel.SpelParserConfiguration;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.ReflectivePropertyAccessor;
import org.springframework.expression.spel.support.StandardEvaluationContext;

public final class SpringSpelBench {
  private static final int RECORDS = 64;
  // `quick` (the bench's test) checks the results with short rounds instead of timing them.
  private static double roundMillis = 100;
  private static long warmNanos = 100_000_000L;

  public static void main(String[] args) throws IOException {
    if (args.length > 0 && args[0].equals("quick")) {
      roundMillis = 2;
      warmNanos = 2_000_000L;
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Object input = new Decoder(readCases(in)).next();
    String version = SpelExpressionParser.class.getPackage().getImplementationVersion();
    System.out.println("version\t" + (version == null ? "unknown" : version) + "\t" + System.getProperty("java.version"));
    List<Object> prepared = new ArrayList<>();
    for (Object item : (List<?>) input) {
      Map<?, ?> benchCase = (Map<?, ?>) item;
      try {
        prepared.add(new Prepared((String) benchCase.get("expression"), (Map<?, ?>) benchCase.get("variables")));
      } catch (RuntimeException | LinkageError error) {
        prepared.add(error.getClass().getSimpleName() + ": " + error.getMessage());
      }
    }
    // Every case runs for a while before any is timed, as the JavaScript side warms every case up first: the
    // first case measured must not pay for the JIT compiling Spring's interpreter.
    // At least two seconds in all (a run of a few cases would otherwise time the first before the JIT is done).
    long warmUntil = System.nanoTime() + 20 * warmNanos;
    do {
      for (Object each : prepared) {
        if (each instanceof Prepared) {
          for (SpelExpression runner : ((Prepared) each).runners) warm(runner, ((Prepared) each).contexts, warmNanos);
        }
      }
    } while (System.nanoTime() < warmUntil);
    System.out.println("ready");
    System.out.flush();
    for (String line; (line = in.readLine()) != null;) {
      String[] command = line.trim().split(" ");
      if (command.length != 2) continue;
      int index = Integer.parseInt(command[1]);
      Object each = prepared.get(index);
      if (!(each instanceof Prepared)) {
        System.out.println("fail\t" + index + "\t" + escape((String) each));
      } else if (command[0].equals("size")) {
        Prepared ready = (Prepared) each;
        ready.sizes = roundSizes(ready.runners, ready.contexts);
        System.out.println("sized\t" + index + "\t" + (ready.runners.size() > 1 ? "compiled" : "interpreted") + "\t" + escape(String.valueOf(ready.result)));
      } else if (command[0].equals("round")) {
        Prepared ready = (Prepared) each;
        StringBuilder answer = new StringBuilder("round\t" + index);
        for (int r = 0; r < ready.runners.size(); r++) {
          answer.append('\t').append(ready.sizes[r] / (evaluateMany(ready.runners.get(r), ready.contexts, ready.sizes[r]) / 1e9));
        }
        System.out.println(answer);
      }
      System.out.flush();
    }
  }

  /** A case parsed, evaluated once and (where Spring can) compiled, with its record copies. */
  static final class Prepared {
    final List<SpelExpression> runners;
    final StandardEvaluationContext[] contexts = new StandardEvaluationContext[RECORDS];
    final Object result;
    /** Iterations of a round of each runner (`roundSizes`). */
    long[] sizes;

    Prepared(String expressionText, Map<?, ?> variables) {
      ClassLoader loader = SpringSpelBench.class.getClassLoader();
      SpelExpression interpreted = (SpelExpression) new SpelExpressionParser(new SpelParserConfiguration(SpelCompilerMode.OFF, loader)).parseExpression(expressionText);
      SpelExpression compiled = (SpelExpression) new SpelExpressionParser(new SpelParserConfiguration(SpelCompilerMode.IMMEDIATE, loader)).parseExpression(expressionText);
      // One context per record copy, made before timing: Spring's best case (a context per evaluation costs more).
      for (int i = 0; i < RECORDS; i++) contexts[i] = context(variables);
      result = interpreted.getValue(contexts[0]);
      // Compilation reads the types an interpreted evaluation saw; an expression Spring cannot compile stays
      // interpreted, and its compiled column is left empty rather than timing the interpreter twice.
      compiled.getValue(contexts[0]);
      boolean isCompiled = compiled.compileExpression();
      if (isCompiled && !String.valueOf(compiled.getValue(contexts[0])).equals(String.valueOf(result))) {
        throw new IllegalStateException("compiled and interpreted results differ: " + compiled.getValue(contexts[0]) + " and " + result);
      }
      runners = isCompiled ? Arrays.asList(interpreted, compiled) : Arrays.asList(interpreted);
    }
  }

  private static void warm(SpelExpression runner, StandardEvaluationContext[] contexts, long nanos) {
    long until = System.nanoTime() + nanos;
    while (System.nanoTime() < until) evaluateMany(runner, contexts, 1000);
  }

  private static StandardEvaluationContext context(Map<?, ?> variables) {
    StandardEvaluationContext context = new StandardEvaluationContext();
    context.setPropertyAccessors(Arrays.asList(new RecordAccessor(), NO_ARGUMENT_METHODS, new ReflectivePropertyAccessor()));
    context.setVariable("COLLECTION", new CollectionHelpers());
    context.setVariable("NUMERIC", new NumericHelpers());
    for (Map.Entry<?, ?> entry : variables.entrySet()) context.setVariable((String) entry.getKey(), copy(entry.getValue()));
    return context;
  }

  // Each record copy holds its own lists and maps, as the JavaScript runners' copies do.
  private static Object copy(Object value) {
    if (value instanceof List) {
      List<Object> list = new ArrayList<>();
      for (Object item : (List<?>) value) list.add(copy(item));
      return list;
    }
    if (value instanceof Map) {
      Map<Object, Object> map = new LinkedHashMap<>();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) map.put(entry.getKey(), copy(entry.getValue()));
      return map;
    }
    return value;
  }

  // Methods before getters: Spring's reflective accessor searches again on every miss (`#name.length` is one), which
  // made such rows ten times slower. The order and the sharing of accessors move Spring's rates on property reads by
  // 2-4x either way (`#input.address.city`: 0.7-2.8M/s, where ours runs 79M/s); none brings Spring near ours there.
  private static final NoArgumentMethodAccessor NO_ARGUMENT_METHODS = new NoArgumentMethodAccessor();

  private static volatile Object sink;

  private static long evaluateMany(SpelExpression expression, StandardEvaluationContext[] contexts, long iterations) {
    long start = System.nanoTime();
    Object last = null;
    for (long i = 0; i < iterations; i++) last = expression.getValue(contexts[(int) (i & (RECORDS - 1))]);
    sink = last;
    return System.nanoTime() - start;
  }

  /** Iterations of each runner that take about roundMillis, after a warm-up of this case's own paths. */
  private static long[] roundSizes(List<SpelExpression> runners, StandardEvaluationContext[] contexts) {
    long[] sizes = new long[runners.size()];
    for (int r = 0; r < runners.size(); r++) {
      // The JIT compiles in tiers: this case's own paths run a while longer before sizing.
      warm(runners.get(r), contexts, 2 * warmNanos);
      long iterations = 1000;
      for (;;) {
        double elapsedMillis = evaluateMany(runners.get(r), contexts, iterations) / 1e6;
        if (elapsedMillis > Math.min(20, roundMillis)) {
          sizes[r] = Math.max(1000, Math.round(iterations * roundMillis / elapsedMillis));
          break;
        }
        iterations *= 4;
      }
    }
    return sizes;
  }

  /** A record (a map) read by field name, as Nussknacker reads its records: `#input.address.city`. */
  static final class RecordAccessor implements PropertyAccessor {
    public Class<?>[] getSpecificTargetClasses() {
      return new Class<?>[] {Map.class};
    }

    public boolean canRead(EvaluationContext context, Object target, String name) {
      return target instanceof Map && ((Map<?, ?>) target).containsKey(name);
    }

    public TypedValue read(EvaluationContext context, Object target, String name) {
      return new TypedValue(((Map<?, ?>) target).get(name));
    }

    public boolean canWrite(EvaluationContext context, Object target, String name) {
      return false;
    }

    public void write(EvaluationContext context, Object target, String name, Object newValue) throws AccessException {
      throw new AccessException("records are read-only");
    }
  }

  /** A public method without arguments read as a property (`#name.length`, `#list.isEmpty`), as the dialect allows. */
  static final class NoArgumentMethodAccessor implements PropertyAccessor {
    // By class, then name; a name without such a method is remembered as NONE.
    private final Map<Class<?>, Map<String, Method>> methods = new ConcurrentHashMap<>();
    private static final Method NONE = NoArgumentMethodAccessor.class.getDeclaredMethods()[0];

    public Class<?>[] getSpecificTargetClasses() {
      return null;
    }

    private Method find(Object target, String name) {
      if (target == null) return null;
      Map<String, Method> ofType = methods.computeIfAbsent(target.getClass(), type -> new ConcurrentHashMap<>());
      Method found = ofType.get(name);
      if (found == null) {
        found = search(target.getClass(), name);
        ofType.put(name, found);
      }
      return found == NONE ? null : found;
    }

    private static Method search(Class<?> type, String name) {
      for (Class<?> owner = type; owner != null; owner = owner.getSuperclass()) {
        for (Class<?> view : publicViews(owner)) {
          try {
            Method method = view.getMethod(name);
            if (Modifier.isPublic(method.getDeclaringClass().getModifiers()) && method.getReturnType() != void.class) return method;
          } catch (NoSuchMethodException ignored) {
            // not on this view
          }
        }
      }
      return NONE;
    }

    // A JDK class's own methods may be unreachable (java.util.ArrayList$SubList): its public interfaces are not.
    private static List<Class<?>> publicViews(Class<?> owner) {
      List<Class<?>> views = new ArrayList<>();
      if (Modifier.isPublic(owner.getModifiers())) views.add(owner);
      views.addAll(Arrays.asList(owner.getInterfaces()));
      return views;
    }

    public boolean canRead(EvaluationContext context, Object target, String name) {
      return find(target, name) != null;
    }

    public TypedValue read(EvaluationContext context, Object target, String name) throws AccessException {
      try {
        return new TypedValue(find(target, name).invoke(target));
      } catch (ReflectiveOperationException error) {
        throw new AccessException("cannot call " + name + "()", error);
      }
    }

    public boolean canWrite(EvaluationContext context, Object target, String name) {
      return false;
    }

    public void write(EvaluationContext context, Object target, String name, Object newValue) throws AccessException {
      throw new AccessException("read-only");
    }
  }

  /** `#COLLECTION`'s functions the bench's cases call, with the result types the engine gives. */
  public static final class CollectionHelpers {
    public Number sum(Collection<? extends Number> numbers) {
      boolean allIntegers = true;
      boolean anyDouble = false;
      boolean anyDecimal = false;
      for (Number number : numbers) {
        allIntegers &= number instanceof Integer;
        anyDouble |= number instanceof Double || number instanceof Float;
        anyDecimal |= number instanceof BigDecimal;
      }
      if (anyDecimal) {
        BigDecimal total = BigDecimal.ZERO;
        for (Number number : numbers) total = total.add(number instanceof BigDecimal ? (BigDecimal) number : new BigDecimal(number.toString()));
        return total;
      }
      if (anyDouble) {
        double total = 0;
        for (Number number : numbers) total += number.doubleValue();
        return total;
      }
      long total = 0;
      for (Number number : numbers) total += number.longValue();
      return allIntegers ? Integer.valueOf((int) total) : Long.valueOf(total);
    }

    public String join(Collection<?> items, String separator) {
      StringBuilder joined = new StringBuilder();
      boolean first = true;
      for (Object item : items) {
        if (!first) joined.append(separator);
        joined.append(item);
        first = false;
      }
      return joined.toString();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public Object min(Collection<? extends Comparable> items) {
      Comparable least = null;
      for (Comparable item : items) if (least == null || item.compareTo(least) < 0) least = item;
      return least;
    }
  }

  /** `#NUMERIC`'s functions the bench's cases call. */
  public static final class NumericHelpers {
    public Number min(Number a, Number b) {
      if (a instanceof Integer && b instanceof Integer) return Math.min(a.intValue(), b.intValue());
      if (a instanceof Double || b instanceof Double) return Math.min(a.doubleValue(), b.doubleValue());
      return Math.min(a.longValue(), b.longValue());
    }
  }

  private static String escape(String text) {
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }

  /** The cases: their length in characters on a line of its own, then that many characters. */
  private static String readCases(BufferedReader in) throws IOException {
    int length = Integer.parseInt(in.readLine().trim());
    char[] text = new char[length];
    for (int read = 0; read < length;) {
      int got = in.read(text, read, length - read);
      if (got < 0) throw new IOException("the cases ended early");
      read += got;
    }
    return new String(text);
  }

  /** Reads the typed values `jvm.ts` writes (its `encodeJavaValue` gives the grammar). */
  static final class Decoder {
    private final String text;
    private int at;

    Decoder(String text) {
      this.text = text;
    }

    private String until(char end) {
      int stop = text.indexOf(end, at);
      if (stop < 0) throw new IllegalArgumentException("unterminated value at " + at);
      String part = text.substring(at, stop);
      at = stop + 1;
      return part;
    }

    Object next() {
      char tag = text.charAt(at++);
      switch (tag) {
        case 'n':
          return null;
        case 'z':
          return text.charAt(at++) == '1';
        case 'i':
          return Integer.valueOf(until(';'));
        case 'l':
          return Long.valueOf(until(';'));
        case 'd':
          return Double.valueOf(until(';'));
        case 'b':
          return new BigDecimal(until(';'));
        case 's': {
          int length = Integer.parseInt(until(':'));
          String value = text.substring(at, at + length);
          at += length;
          return value;
        }
        case '[': {
          int count = Integer.parseInt(until(':'));
          List<Object> list = new ArrayList<>(count);
          for (int i = 0; i < count; i++) list.add(next());
          return list;
        }
        case '{': {
          int count = Integer.parseInt(until(':'));
          Map<Object, Object> map = new LinkedHashMap<>();
          for (int i = 0; i < count; i++) {
            Object key = next();
            map.put(key, next());
          }
          return map;
        }
        default:
          throw new IllegalArgumentException("unknown tag " + tag + " at " + (at - 1));
      }
    }
  }
}
