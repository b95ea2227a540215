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
    static final int PASS = 100 / 2;
    static final String FIRST_SEP = " ", NEXT_SEP = ", ";

    static List<Pupil> load(final Scanner sc)
    {
        final int count = sc.nextInt();
        final List<Pupil> pupils = new ArrayList<Pupil>(count);
        for (int k = 0; k < count; k++)
            pupils.add(new Pupil(sc.next(), sc.nextInt()));
        return pupils;
    }

    static double mean(final List<Pupil> pupils)
    {
        long acc = 0L;
        for (final Pupil p : pupils)
            acc += p.points();
        return 1.0 * acc / pupils.size();
    }

    // first student with the highest score
    static Pupil strongest(final List<Pupil> pupils)
    {
        Pupil champ = pupils.get(0);
        for (final Pupil p : pupils)
            if (p.points() > champ.points())
                champ = p;
        return champ;
    }

    public static void main(final String[] argv)
    {
        final List<Pupil> pupils = load(new Scanner(System.in));
        final StringBuilder out = new StringBuilder("passed:");
        final List<Pupil> ok;
        Pupil first;
        int failed = 0;
        System.out.println(TITLE);
        System.out.println("students: " + pupils.size());
        if (pupils.isEmpty())
        {
            System.out.println("no data");
            return;
        }
        System.out.printf(Locale.US, "average: %.2f%n", mean(pupils));
        first = strongest(pupils);
        System.out.println("best: " + first.who() + " (" + first.points() + ")");

        // passed = score of at least 50, best first, ties by name
        ok = pupils.stream().filter(p -> p.points() >= PASS)
            .sorted((x, y) -> x.points() != y.points() ? y.points() - x.points() : x.who().compareTo(y.who())).toList();

        for (int k = 0; k < ok.size(); k++)
            out.append(k == 0 ? FIRST_SEP : NEXT_SEP).append(ok.get(k));
        System.out.println(out);
    }
}
