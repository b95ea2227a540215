import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/* Prints yes/no for every input line, then a summary line. */
public class Palindromes {
  static String clean(String line) {
    StringBuilder sb = new StringBuilder();
    for (char c : line.toCharArray())
      if (Character.isLetterOrDigit(c)) sb.append(Character.toLowerCase(c));
    return sb.toString();
  }

  /* two indices walking towards the middle */
  static boolean isPalindrome(String s) {
    int left = 0;
    int right = s.length() - 1;
    while (left < right) {
      if (s.charAt(left) != s.charAt(right)) return false;
      left++;
      right--;
    }
    return true;
  }

  public static void main(String[] args) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
    String line;
    int total = 0;
    int found = 0;

    while ((line = reader.readLine()) != null) {
      total++;
      if (isPalindrome(clean(line))) {
        found++;
        System.out.println("yes");
      }
      else System.out.println("no");
    }

    System.out.println("palindromes: " + found + "/" + total);
  }
}
