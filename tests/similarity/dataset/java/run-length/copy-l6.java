import java.util.Scanner;
import java.util.List;
import java.util.ArrayList;

public class Compressor
{
	private static final int SINGLE = 1;

	public static void main(final String[] a)
	{
		int processed = 0;
		final List<String> rows;
		final Scanner input = new Scanner(System.in);
		rows = slurp(input);
		input.close();
		for (int r = 0; r < rows.size(); r++)
			System.out.println(pack(rows.get(r)));
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String pack(final String text)
	{
		final int size = text.length();
		final StringBuilder res = new StringBuilder();
		if (size == 0)
			return "";
		char ch = text.charAt(0);
		int len = SINGLE;
		for (int pos = 1; pos < size; pos++)
		{
			if (text.charAt(pos) != ch)
			{
				res.append(ch).append(len);
				ch = text.charAt(pos);
				len = SINGLE;
			}
			else
				len += 1;
		}
		res.append(ch).append(len);
		return res.toString();
	}

	static List<String> slurp(final Scanner input)
	{
		final List<String> rows = new ArrayList<String>();
		for (; input.hasNextLine(); )
			rows.add(input.nextLine());
		return rows;
	}
}
