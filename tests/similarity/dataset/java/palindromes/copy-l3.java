import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/* Prints yes/no for every input line, then a summary line. */
public class Mirror {
  private static final String YES = "yes", NO = "no";
  private static final char SLASH = '/';

  static String normalise(final String text) {
    final StringBuilder buf = new StringBuilder(text.length());
    for (final char ch : text.toCharArray())
      if (Character.isLetterOrDigit(ch)) buf.append(Character.toLowerCase(ch));
    return buf.toString();
  }

  /* two indices walking towards the middle */
  static boolean symmetric(final String w) {
    int lo = 0, hi = w.length() - 1;
    while (lo < hi) {
      if (w.charAt(lo) != w.charAt(hi)) return false;
      lo++;
      hi--;
    }
    return true;
  }

  public static void main(final String[] params) throws IOException {
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String text;
    long lines = 0L, hits = 0L;
    boolean any = false;

    while ((text = in.readLine()) != null) {
      lines++;
      if (symmetric(normalise(text))) {
        hits++;
        System.out.println(YES);
      }
      else System.out.println(NO);
    }

    System.out.println("palindromes: " + hits + SLASH + lines);
  }
}
