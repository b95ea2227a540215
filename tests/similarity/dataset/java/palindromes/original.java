import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Palindromes {

    // keep only letters and digits, in lower case
    static String clean(String line) {
        StringBuilder sb = new StringBuilder();
        for (char c : line.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                sb.append(Character.toLowerCase(c));
            }
        }
        return sb.toString();
    }

    static boolean isPalindrome(String s) {
        int left = 0;
        int right = s.length() - 1;
        while (left < right) {
            if (s.charAt(left) != s.charAt(right)) {
                return false;
            }
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
            } else {
                System.out.println("no");
            }
        }
        System.out.println("palindromes: " + found + "/" + total);
    }
}
