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
    String text;
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));

    while ((text = in.readLine()) != null) {
      lines++;
      if (symmetric(normalise(text))) {
        System.out.println(YES);
        hits++;
      }
      else System.out.println(NO);
    }

    System.out.println("palindromes: " + hits + SLASH + lines);
  }

  /* two indices walking towards the middle */
  static boolean symmetric(final String w) {
    int hi = w.length() - 1, lo = 0;
    while (lo < hi) {
      if (w.charAt(lo) != w.charAt(hi)) return false;
      hi--;
      lo++;
    }
    return true;
  }

  static String normalise(final String text) {
    final StringBuilder buf = new StringBuilder(text.length());
    for (final char ch : text.toCharArray())
      if (Character.isLetterOrDigit(ch)) buf.append(Character.toLowerCase(ch));
    return buf.toString();
  }
}
