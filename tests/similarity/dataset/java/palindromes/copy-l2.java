import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/* Prints yes/no for every input line, then a summary line. */
public class Mirror {
  static String normalise(String text) {
    StringBuilder buf = new StringBuilder();
    for (char ch : text.toCharArray())
      if (Character.isLetterOrDigit(ch)) buf.append(Character.toLowerCase(ch));
    return buf.toString();
  }

  /* two indices walking towards the middle */
  static boolean symmetric(String w) {
    int lo = 0;
    int hi = w.length() - 1;
    while (lo < hi) {
      if (w.charAt(lo) != w.charAt(hi)) return false;
      lo++;
      hi--;
    }
    return true;
  }

  public static void main(String[] params) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String text;
    int lines = 0;
    int hits = 0;

    while ((text = in.readLine()) != null) {
      lines++;
      if (symmetric(normalise(text))) {
        hits++;
        System.out.println("yes");
      }
      else System.out.println("no");
    }

    System.out.println("palindromes: " + hits + "/" + lines);
  }
}
