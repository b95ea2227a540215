import java.util.Scanner;

public class Main {

    static String onlyAlnum(String s) {
        return s.replaceAll("[^A-Za-z0-9]", "").toLowerCase();
    }

    static boolean check(String s) {
        String reversed = new StringBuilder(s).reverse().toString();
        return s.equals(reversed);
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int lines = 0, count = 0;
        while (sc.hasNextLine()) {
            String s = onlyAlnum(sc.nextLine());
            lines++;
            if (check(s)) {
                count++;
                System.out.println("yes");
            } else {
                System.out.println("no");
            }
        }
        System.out.println("palindromes: " + count + "/" + lines);
        sc.close();
    }
}
