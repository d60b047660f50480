from pokerdb.launch import main

main()
