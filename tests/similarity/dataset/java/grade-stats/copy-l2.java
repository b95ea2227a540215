import java.util.*;

/**
 * Reads a class list (name and score per student) and prints a short report.
 */
public class GradeBook
{
    record Pupil(String who, int points)
    {
        @Override
        public String toString()
        {
            return who + " " + points;
        }
    }

    static final String TITLE = """
            === Report ===""";

    static List<Pupil> load(Scanner sc)
    {
        int count = sc.nextInt();
        List<Pupil> pupils = new ArrayList<>();
        for (int k = 0; k < count; k++)
            pupils.add(new Pupil(sc.next(), sc.nextInt()));
        return pupils;
    }

    static double mean(List<Pupil> pupils)
    {
        int acc = 0;
        for (Pupil p : pupils)
            acc += p.points();
        return (double) acc / pupils.size();
    }

    // first student with the highest score
    static Pupil strongest(List<Pupil> pupils)
    {
        Pupil champ = pupils.get(0);
        for (Pupil p : pupils)
            if (p.points() > champ.points())
                champ = p;
        return champ;
    }

    public static void main(String[] argv)
    {
        List<Pupil> pupils = load(new Scanner(System.in));
        System.out.println(TITLE);
        System.out.println("students: " + pupils.size());
        if (pupils.isEmpty())
        {
            System.out.println("no data");
            return;
        }
        System.out.printf(Locale.US, "average: %.2f%n", mean(pupils));
        Pupil first = strongest(pupils);
        System.out.println("best: " + first.who() + " (" + first.points() + ")");

        // passed = score of at least 50, best first, ties by name
        List<Pupil> ok = pupils.stream().filter(p -> p.points() >= 50)
            .sorted((x, y) -> x.points() != y.points() ? y.points() - x.points() : x.who().compareTo(y.who())).toList();

        StringBuilder out = new StringBuilder("passed:");
        for (int k = 0; k < ok.size(); k++)
            out.append(k == 0 ? " " : ", ").append(ok.get(k));
        System.out.println(out);
    }
}
