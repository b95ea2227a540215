import java.io.*;

public class PalindromeChecker {

    private static boolean skip(char c) {
        return !Character.isLetterOrDigit(c);
    }

    /** Recursive check that skips non alphanumeric characters at both ends. */
    private static boolean isPal(String s, int i, int j) {
        if (i >= j) return true;
        if (skip(s.charAt(i))) return isPal(s, i + 1, j);
        if (skip(s.charAt(j))) return isPal(s, i, j - 1);
        if (Character.toLowerCase(s.charAt(i)) != Character.toLowerCase(s.charAt(j))) return false;
        return isPal(s, i + 1, j - 1);
    }

    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        int yes = 0, all = 0;
        String s;
        while ((s = br.readLine()) != null) {
            boolean p = isPal(s, 0, s.length() - 1);
            out.append(p ? "yes" : "no").append('\n');
            if (p) yes++;
            all++;
        }
        out.append("palindromes: ").append(yes).append('/').append(all);
        System.out.println(out);
    }
}
