import java.util.Scanner;

public class Rle {

    static int runLength(String s) {
        int k = 1;
        while (k < s.length() && s.charAt(k) == s.charAt(0)) {
            k++;
        }
        return k;
    }

    // encode the first run, then the rest of the string recursively
    static String compress(String s) {
        if (s.isEmpty()) {
            return "";
        }
        int k = runLength(s);
        return "" + s.charAt(0) + k + compress(s.substring(k));
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNextLine()) {
            String s = in.nextLine();
            System.out.println(compress(s));
        }
    }
}
