import java.io.InputStreamReader;
import java.io.IOException;
import java.io.BufferedReader;

/* Prints yes/no for every input line, then a summary line. */
public class Mirror {
  private static final char SLASH = '/';
  private static final String YES = "yes", NO = "no";

  public static void main(final String[] params) throws IOException {
    boolean any = false;
    long lines = 0L, hits = 0L;
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));

    for (String text = in.readLine(); text != null; text = in.readLine()) {
      lines += 1;
      boolean ok = symmetric(normalise(text));
      System.out.println(ok ? YES : NO);
      hits += ok ? 1 : 0;
    }

    System.out.println("palindromes: " + hits + SLASH + lines);
  }

  /* two indices walking towards the middle */
  static boolean symmetric(final String w) {
    for (int hi = w.length() - 1, lo = 0; hi > lo; hi -= 1, lo += 1) {
      if (w.charAt(hi) != w.charAt(lo)) return false;
    }
    return true;
  }

  static String normalise(final String text) {
    final StringBuilder buf = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      final char ch = text.charAt(i);
      if (Character.isLetterOrDigit(ch)) buf.append(Character.toLowerCase(ch));
    }
    return buf.toString();
  }
}
